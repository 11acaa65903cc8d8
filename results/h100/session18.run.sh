#!/usr/bin/env bash
# Device runs of the eighteenth session. Each call builds on the device first (device_build.sh:
# Google Benchmark and doctest carried in .deps, the commit in .commit), then runs one part; every
# output goes to $OUT/<part>.tgz.
#   OUT=... bash results/h100/session18.run.sh wider  stage 08's wider block (rows of 256-336 KB in one
#     1024-thread block): test-gpu of stages 08 and 11 on the capacities case, rows of 96 KB-2 MB and
#     the guard bytes; then the probe (explore/session18/wider.sh: 08, 10 and the dispatcher)
#   OUT=... bash results/h100/session18.run.sh verify  the rules that send rows of 256-336 KB to 08 from
#     128 rows: the dispatcher on the probe's shapes and the rules' edges (explore/session18/disp.sh);
#     then every test-gpu case on stages 08 and 11
#   OUT=... bash results/h100/session18.run.sh tests-a / tests-b / tests-c  every test-gpu case on stages
#     01-05 / 06, 07 and 09 / 10 and 11 (with verify's 08: a full make test-gpu); tests-a first runs
#     explore/session18/rows.sh (08 against 10 at 67 and 96 rows of 256-336 KB); tests-b and tests-c
#     ran after the rules moved to 67 rows; tests-c ran out of its call's time in the strided case,
#     tests-d runs that case and the six after it
#   OUT=... bash results/h100/session18.run.sh sanitize  compute-sanitizer's four tools on stage 08's wider kernels
#   OUT=... bash results/h100/session18.run.sh peers2  the peers (bench/peers.py) on the shapes of --sweeps unpacked
#     that take the wider block now: 2048 x 65537 and 131073, 128 x 131073 (a --filter of that sweep)
#   OUT=... bash results/h100/session18.run.sh packed  fp32 rows in packs of 256-336 KB at 67-128 rows: the
#     dispatcher (09 below 128 rows), 08 and 09 (explore/session18/packed.sh)
#   OUT=... bash results/h100/session18.run.sh peers  the peers on rows not in 16-byte packs (bench/peers.py
#     --sweeps unpacked), as in the seventeenth session
set -u
part=${1:-wider}
. results/h100/device_build.sh  # the build, R, B, budget, run, tests
case $part in
wider)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  tests wider-08-11 08,11 150 "*at each of stage 08*,every stage on rows of 96 KB*,no stage writes outside*"
  PROBE_UNTIL=570 timeout $((585 - SECONDS)) bash results/h100/explore/session18/wider.sh > $R/wider.txt 2>&1
  echo "wider exit $? at ${SECONDS}s"; cat $R/wider.txt ;;
verify)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  timeout 150 bash results/h100/explore/session18/disp.sh > $R/disp.txt 2>&1
  echo "disp exit $? at ${SECONDS}s"; cat $R/disp.txt
  tests 08-11 08,11 $((585 - SECONDS)) "*" ;;
tests-a)
  timeout 60 bash results/h100/explore/session18/rows.sh > $R/rows.txt 2>&1; echo "rows exit $? at ${SECONDS}s"; cat $R/rows.txt
  tests 01-05 01,02,03,04,05 $((585 - SECONDS)) "*" ;;
tests-b) tests 06-07-09 06,07,09 570 "*" ;;
tests-c) tests 10-11 10,11 570 "*" ;;
tests-d) tests 10-11-rest 10,11 570 "stages with a row stride*,the occupancy*,running a stage again*,StreamScratch*,calls on two streams*,the checks catch*,the strided check*" ;;
peers)
  GIT_DIR=/nonexistent timeout 560 python3 bench/peers.py --lib build/libsoftmax.so --dtypes f32,f16,bf16 --sweeps unpacked \
    --impls torch,torch_compile,triton_fused,triton_online,liger,step08,step10,step11 \
    --out $R/peers-unpacked-$commit.json > $R/peers-unpacked-$commit.txt 2>&1
  echo "peers exit $? at ${SECONDS}s"; tail -n 40 $R/peers-unpacked-$commit.txt ;;
packed)
  timeout 150 bash results/h100/explore/session18/packed.sh > $R/packed.txt 2>&1; echo "packed exit $? at ${SECONDS}s"; cat $R/packed.txt ;;
peers2)  # the peers on the unpacked sweep's shapes that take the wider block now
  GIT_DIR=/nonexistent timeout 120 python3 bench/peers.py --lib build/libsoftmax.so --dtypes f32,f16,bf16 --sweeps unpacked \
    --filter '/M:(2048/N:(65537|131073)|128/N:131073)$' --impls torch,torch_compile,triton_fused,triton_online,liger,step08,step10,step11 \
    --out $R/peers-wider-$commit.json > $R/peers-wider-$commit.txt 2>&1
  echo "peers exit $? at ${SECONDS}s"; grep -E "^\[|dispatch|Triton|torch|copy" $R/peers-wider-$commit.txt | tail -n 60 ;;
sanitize)  # compute-sanitizer's four tools on stage 08's wider kernels (67 rows: not split-K)
  for shape in "f32 67 65537" "f32 67 86016" "f16 67 172025"; do
    set -- $shape
    for tool in memcheck racecheck synccheck initcheck; do
      budget 270 "$tool $shape" || continue
      log=$(timeout 60 compute-sanitizer --tool $tool --error-exitcode 99 ./step08 --check --dtype $1 --rows $2 --cols $3 2>&1)
      echo "exit $? $tool $shape: $(echo "$log" | grep -E "ERROR SUMMARY|RACECHECK SUMMARY" | tail -n 1)"
    done
  done > $R/sanitize-08.txt 2>&1; cat $R/sanitize-08.txt ;;
esac
