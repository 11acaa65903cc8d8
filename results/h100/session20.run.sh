#!/usr/bin/env bash
# Device runs of the twentieth session. Each call builds on the device first (device_build.sh:
# Google Benchmark and doctest carried in .deps, the commit in .commit), then runs one part; every
# output goes to $OUT/<part>.tgz.
#   OUT=... bash results/h100/session20.run.sh probe  synccheck on explore/session20/sync_repro.cu (built
#     on the build machine for sm_90 as .bin/sync_repro): stage 10's synchronisation skeleton with
#     and without an mbarrier, and with it invalidated before exit, at one and several waves of
#     clusters of 16, 8 and 2; synccheck on stage 10's parts form at 67 rows (its bulk barriers now
#     invalidated); team_allreduce's log2(TW) steps against HEAD's five (.bin/base/step08, built
#     here), alternating processes; stage 08's team path against its register path at 2048 x 16384
#   OUT=... bash results/h100/session20.run.sh probe2  (no build: .bin/step10 and .bin/sync_repro of the
#     working tree, built here) the skeleton with stage 10's other mbarrier uses (a second phase, an
#     empty piece, four barriers, pieces of stage 10's size); stage 10's reports with the threads
#     and blocks they name
#   OUT=... bash results/h100/session20.run.sh probe3  (no build) the skeleton launched two or three times in
#     one process
#   OUT=... bash results/h100/session20.run.sh tests  every test-gpu case on stage 10 (its bulk barriers
#     now invalidated); its parts form with bulk copies forced on the long-row cases; then rows past
#     2 MB, stages 09, 10 and the dispatcher (explore/session20/long.sh)
#   OUT=... bash results/h100/session20.run.sh long2  rows not in packs past 2 MB, more shapes
#     (explore/session20/long2.sh)
#   OUT=... bash results/h100/session20.run.sh long3  halves rows not in packs at fewer than 64 rows
#     (explore/session20/long3.sh)
#   OUT=... bash results/h100/session20.run.sh verify  rules 7, 19, 20 and 27 redrawn: the test-gpu cases
#     on stages 10 and 11 with such rows (the longest row 16 wide CTAs hold and the next, new),
#     then the dispatcher on long*.sh's shapes (explore/session20/rules.sh)
#   OUT=... bash results/h100/session20.run.sh current  every peer and stage in one process
#     (bench/peers.py: the README's table and plots); the device time left did not allow the
#     dispatcher's sweeps as well (their shapes, rows in packs, are not the ones this session moved)
set -u
part=${1:-probe}
case $part in probe2|probe3) ;; *) . results/h100/device_build.sh ;; esac  # the build, R, B, budget, run, sweeps, tests
synccheck() {  # synccheck LABEL CMD...: its summary and first report
  echo "== synccheck $1"; shift
  timeout 60 compute-sanitizer --tool synccheck --print-limit 2 --error-exitcode 99 "$@" 2>&1 \
    | grep -E "ran;|check  M|SUMMARY|Barrier error|  at |by thread" | head -n ${SYNC_LINES:-6}
  echo "exit ${PIPESTATUS[0]}"
}
case $part in
probe)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  for run in "plain 16 67" "plain 16 2" "plain 8 67" "plain 2 300" "mbar 16 67" "mbar 16 2" "mbar 8 67" "mbar 2 300" \
             "mbar_inval 16 67" "mbar_inval 8 67" "mbar_inval 2 300"; do
    synccheck "sync_repro $run" .bin/sync_repro $run
  done > $R/sync-repro.txt 2>&1; cat $R/sync-repro.txt
  { synccheck "step10 STEP10_FORM=parts f32 67 x 300000 (bulk)" env STEP10_FORM=parts ./step10 --check --rows 67 --cols 300000
    synccheck "step10 STEP10_FORM=parts STEP10_LOAD=bulk f32 8 x 300000" env STEP10_FORM=parts STEP10_LOAD=bulk ./step10 --check --rows 8 --cols 300000
    synccheck "step10 f16 67 x 344040 (parts, threads)" ./step10 --check --dtype f16 --rows 67 --cols 344040
  } > $R/sync-step10.txt 2>&1; cat $R/sync-step10.txt
  . results/h100/explore/probe.sh
  BASE=.bin/base NEW=. timeout $((580 - SECONDS)) bash -c '. results/h100/explore/probe.sh
    for shape in "f32 128 1024" "f32 1 1024" "f32 2048 2048" "f32 2048 4096" "f32 2048 8192" "f32 2048 16384" \
                 "f16 2048 1024" "f16 128 1024" "bf16 128 1024" "f16 2048 2048" "f16 2048 8192" "bf16 2048 1024"; do
      ab team $shape step08
    done
    for i in 1 2; do one f32 2048 16384 ./step08; one f32 2048 16384 STEP08_PATH=team ./step08; one f32 2048 1024 ./step03; done' \
    > $R/team.txt 2>&1; echo "team exit $? at ${SECONDS}s"; cat $R/team.txt ;;
probe2)
  R=probe2; mkdir -p $R; trap 'tar czf $OUT/$R.tgz $R' EXIT
  export LD_LIBRARY_PATH=$PWD/.deps/lib
  for run in "phases 16 67" "zero 16 67" "four 16 67" "four 16 8 75008" "four 16 67 75008" "mbar 16 67 75008" "four 16 67 200704"; do
    synccheck "sync_repro $run" .bin/sync_repro $run
  done > $R/sync-repro.txt 2>&1; cat $R/sync-repro.txt
  env STEP10_FORM=parts STEP10_LOAD=bulk .bin/step10 --rows 8 --cols 300000 --iters 3 > $R/step10-bulk-8x300000.txt 2>&1
  for i in 1 2; do
    SYNC_LINES=14 synccheck "step10 STEP10_FORM=parts STEP10_LOAD=bulk f32 8 x 300000 (run $i)" env STEP10_FORM=parts STEP10_LOAD=bulk .bin/step10 --check --rows 8 --cols 300000
    SYNC_LINES=14 synccheck "step10 f16 67 x 344040 (run $i)" .bin/step10 --check --dtype f16 --rows 67 --cols 344040
  done > $R/sync-step10.txt 2>&1; cat $R/sync-step10.txt ;;
probe3)  # no build: the skeleton launched twice and three times in one process
  R=probe3; mkdir -p $R; trap 'tar czf $OUT/$R.tgz $R' EXIT
  for run in "mbar 16 8 75008 2" "four 16 8 75008 2" "four 16 8 75008 3" "mbar_inval 16 8 75008 2" "four 16 67 75008 2" "plain 16 67 4096 2"; do
    SYNC_LINES=10 synccheck "sync_repro $run" .bin/sync_repro $run
  done > $R/sync-repro-twice.txt 2>&1; cat $R/sync-repro-twice.txt ;;
long2)
  PROBE_UNTIL=$((560 - SECONDS)) timeout $((585 - SECONDS)) bash results/h100/explore/session20/long2.sh > $R/long2.txt 2>&1
  echo "long2 exit $? at ${SECONDS}s"; cat $R/long2.txt ;;
long3)
  PROBE_UNTIL=$((560 - SECONDS)) timeout $((585 - SECONDS)) bash results/h100/explore/session20/long3.sh > $R/long3.txt 2>&1
  echo "long3 exit $? at ${SECONDS}s"; cat $R/long3.txt ;;
verify)  # the redrawn rules: test-gpu cases on 10 and 11 that take such rows, the dispatcher timed on them
  tests 10-11-long 10,11 300 "*long rows not in 16-byte*,*rows longer than the chip*,*rows of 96 KB*,*corner shapes*"
  PROBE_UNTIL=$((560 - SECONDS)) timeout $((585 - SECONDS)) bash results/h100/explore/session20/rules.sh > $R/rules.txt 2>&1
  echo "rules exit $? at ${SECONDS}s"; cat $R/rules.txt ;;
tests)
  tests 10 10 300 "*"
  STEP10_FORM=parts STEP10_LOAD=bulk tests 10-parts-bulk 10 120 "*long rows*,*rows of 96 KB*"
  PROBE_UNTIL=$((560 - SECONDS)) timeout $((585 - SECONDS)) bash results/h100/explore/session20/long.sh > $R/long.txt 2>&1
  echo "long exit $? at ${SECONDS}s"; cat $R/long.txt ;;
current)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  GIT_DIR=/nonexistent timeout 240 python3 bench/peers.py --lib build/libsoftmax.so --dtypes f32,f16,bf16 \
    --out $R/peers-$commit.json > $R/peers-$commit.txt 2>&1; echo "peers exit $? at ${SECONDS}s"; tail -n 12 $R/peers-$commit.txt ;;
esac
