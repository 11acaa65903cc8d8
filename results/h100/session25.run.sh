#!/usr/bin/env bash
# Device runs of the twenty-fifth session (2026-11-26). That session was cut off before it committed
# its outputs, so the twenty-sixth (2026-11-27) ran the same three calls again: session24.run.sh
# stream, then this script's ncu and tests0810 (session26.md). Each call builds every stage on the device first
# (device_build.sh), carrying .deps and .commit (session24.run.sh's header says how to make them):
#   OUT=... bash results/h100/session25.run.sh PART
# PART
#   ncu       the prepared stage 12 built beside the others (make step12 after the main build, so
#             step11 and test_gpu are HEAD's); Nsight Compute on it and on stage 11
#             (explore/session25/ncu12.sh); then the test-gpu cases on stage 11 that the
#             twenty-third session did not run on its final kernels (all but the six of
#             test-gpu-08-10-11-32f9d93.txt)
#   tests0810 the same cases on stages 08 and 10
set -u
part=${1:-ncu}
. results/h100/device_build.sh  # the build, R, B, budget, run, sweeps, tests
RAN="*corner shapes*,*rows of 96 KB to 2 MB*,*huge values*,*convention on NaN*,*not 16-byte aligned*,*each of stage 08's cache capacities*"
rest() {  # rest NAME STAGES SECONDS: every test-gpu case but the six above
  SOFTMAX_TEST_STAGES=$2 timeout $3 build/test_gpu --duration=true -tce="$RAN" > $R/test-gpu-$1.txt 2>&1
  echo "test-gpu $1 exit $? at ${SECONDS}s"; grep -E "FAIL|^\[doctest\] (test cases|assertions)| s: " $R/test-gpu-$1.txt | tail -n 30
}
nvidia-smi > $R/nvidia-smi.txt 2>&1
case $part in
ncu)
  cp results/h100/explore/session24/12_stream.cu steps/12_stream.cu
  make -j16 --no-print-directory DEPS=$PWD/$DEPS ARCH=sm_90 COMMIT=$commit step12 >> $R/build.txt 2>&1 || { echo "step12 build failed"; exit 1; }
  timeout 200 bash results/h100/explore/session25/ncu12.sh > $R/ncu12.txt 2>&1
  echo "ncu exit $? at ${SECONDS}s"; cat $R/ncu12.txt
  rest 11-rest 11 $((590 - SECONDS)) ;;
tests0810)
  rest 08-10-rest 08,10 $((590 - SECONDS)) ;;
esac
