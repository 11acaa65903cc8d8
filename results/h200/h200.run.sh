#!/usr/bin/env bash
# The first run on an H200 (twenty-ninth session, 2026-11-27): the H100's results reproduced on a
# second GPU, the way a reader would on theirs. Each call builds every stage on the device first
# (results/h100/device_build.sh: Google Benchmark and doctest carried in .deps, the commit in
# .commit), then runs one part; its files go to $OUT/<part>.tgz.
#   OUT=... bash results/h200/h200.run.sh sweeps  every stage's default sweep in each dtype it has
#     (bench/run_bench.sh, as `make bench`), each stage's --explain, the dispatcher's plan, then every
#     stage beside the peers in one process (bench/peers.py, as `make peers`)
#   OUT=... bash results/h200/h200.run.sh tune    test-gpu on stage 11 (every case), then
#     ./step11 --tune per dtype (TUNE_DTYPES, default f32 f16 bf16) with --plan beside it
#   OUT=... bash results/h200/h200.run.sh rest    what the tune call's time left: ./step11 --tune
#     --dtype bf16, then test-gpu on stages 01-10, six cases (corner shapes, rows of 128 B to 128 KB,
#     special values, NaN/inf convention, misaligned pointers, no writes outside the output)
#   OUT=... bash results/h200/h200.run.sh more    (a fifth call, on the device time left) nine more
#     test-gpu cases on stages 01-10, the ones that take seconds, not minutes
#   OUT=... bash results/h200/h200.run.sh table   the five shapes where --tune's winner was not the
#     rules' stage: stage 11 with the rules and with results/h200/tune/'s tables, alternating
#     processes, three rounds
# Committed under results/h200/ with names that say what and which commit: tune's and rest's tune-,
# plan- and dispatch-table- files in tune/, rest's test-gpu-others.txt as test-gpu-01-10.txt, more's
# test-gpu-more.txt as test-gpu-01-10-more-b856304.txt, table's table.txt and table-log.txt with
# -fa61c73 (docs/h200.md's table of calls lists every file).
set -u
part=${1:-sweeps}
. results/h100/device_build.sh  # the build, R, B, budget, run, sweeps, tests
nvidia-smi > $R/nvidia-smi.txt 2>&1
case $part in
sweeps)
  make -j16 --no-print-directory DEPS=$PWD/$DEPS ARCH=sm_90 COMMIT=$commit lib >> $R/build.txt 2>&1
  RESULTS=$R DTYPES="f32 f16 bf16" timeout 330 sh bench/run_bench.sh $(ls steps/[0-9][0-9]_*.cu \
    | sed 's|steps/\([0-9][0-9]\)_.*|step\1|') > $R/bench.log 2>&1
  echo "bench exit $? at ${SECONDS}s"; grep -E "^bench:|failed" $R/bench.log
  for s in step??; do ./$s --explain > $R/$s.explain.txt 2>&1; done
  for t in f32 f16 bf16; do ./step11 --plan --dtype $t >> $R/step11_plan.txt 2>&1; done
  GIT_DIR=/nonexistent timeout $((585 - SECONDS)) python3 bench/peers.py --lib build/libsoftmax.so \
    --dtypes f32,f16,bf16 --out $R/peers.json > $R/peers.txt 2>&1
  echo "peers exit $? at ${SECONDS}s"; tail -n 3 $R/peers.txt ;;
tune)
  tests 11 11 280 "*"
  for t in ${TUNE_DTYPES:-f32 f16 bf16}; do
    budget 450 "tune $t" || break
    ./step11 --plan --dtype $t > $R/plan-$t.txt 2>&1
    timeout $((585 - SECONDS)) ./step11 --tune --dtype $t --iters 10 --out $R/dispatch-table-$t.txt \
      > $R/tune-$t.txt 2>&1
    echo "tune $t exit $? at ${SECONDS}s"; tail -n 2 $R/tune-$t.txt
  done ;;
rest)
  ./step11 --plan --dtype bf16 > $R/plan-bf16.txt 2>&1
  timeout 200 ./step11 --tune --dtype bf16 --iters 10 --out $R/dispatch-table-bf16.txt > $R/tune-bf16.txt 2>&1
  echo "tune bf16 exit $? at ${SECONDS}s"
  tests others 01,02,03,04,05,06,07,08,09,10 $((540 - SECONDS)) "every stage matches*,every stage handles*,\
every stage follows*,every stage takes pointers*,every stage on rows of 128 B*,no stage writes*" ;;
more)
  tests more 01,02,03,04,05,06,07,08,09,10 90 "every stage on rows of 96 KB*,every stage on rows not in 16-byte \
packs*,every stage takes x and y*,stages with a row stride*,the occupancy calculator*,running a stage again*,\
StreamScratch*,the checks catch*,the strided check*" ;;
table)
  for round in 1 2 3; do
    for c in "f32 2048 1024" "f16 8 33554432" "bf16 4 33554432" "bf16 8 8388608" "bf16 8 33554432"; do
      set -- $c
      for how in rules tuned; do
        tbl=; [ $how = tuned ] && tbl=results/h200/tune/dispatch-table-$1-0649c41.txt
        t=$(SOFTMAX_DISPATCH_TABLE=$tbl ./step11 --dtype $1 --rows $2 --cols $3 --iters 30 2>&1 \
          | tee -a $R/table-log.txt | awk -v M=$2 -v N=$3 '$1==M && $2==N {print $4, $7}')
        echo "round $round $1 $2 x $3 $how: $t"
      done
    done
  done | tee $R/table.txt ;;
esac
