#!/usr/bin/env bash
# Device runs of the eighteenth session. Each call builds on the device first (device_build.sh:
# Google Benchmark and doctest carried in .deps, the commit in .commit), then runs one part; every
# output goes to $OUT/<part>.tgz.
#   OUT=... bash results/h100/session18.run.sh wider  stage 08's wider block (rows of 256-336 KB in one
#     1024-thread block): test-gpu of stages 08 and 11 on the capacities case, rows of 96 KB-2 MB and
#     the guard bytes; then the probe (explore/session18/wider.sh: 08, 10 and the dispatcher)
set -u
part=${1:-wider}
. results/h100/device_build.sh  # the build, R, B, budget, run
tests() {  # tests NAME STAGES SECONDS CASES: test-gpu of those stages and cases, its summary
  SOFTMAX_TEST_STAGES=$2 timeout $3 build/test_gpu -tc="$4" > $R/test-gpu-$1.txt 2>&1
  echo "test-gpu $1 exit $? at ${SECONDS}s"; grep -E "FAIL|^\[doctest\] (test cases|assertions)" $R/test-gpu-$1.txt | tail -n 12
}
case $part in
wider)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  tests wider-08-11 08,11 150 "*at each of stage 08*,every stage on rows of 96 KB*,no stage writes outside*"
  PROBE_UNTIL=570 timeout $((585 - SECONDS)) bash results/h100/explore/session18/wider.sh > $R/wider.txt 2>&1
  echo "wider exit $? at ${SECONDS}s"; cat $R/wider.txt ;;
esac
