#!/usr/bin/env bash
# Device runs of the sixteenth session. Each call builds on the device first (device_build.sh:
# Google Benchmark and doctest carried in .deps, the commit in .commit), then runs one part; every
# output goes to $OUT/<part>.tgz.
#   OUT=... bash results/h100/session16.run.sh shift   stage 08 taking rows off the 16-byte boundary shifted: test-gpu of
#     stages 08 and 11 on the new cases and those with odd N or misaligned pointers, then the probe
#     (explore/session16/odd.sh), then the new cases for every other stage
#   OUT=... bash results/h100/session16.run.sh ab      stage 08 on rows in whole packs, a3baaef's binary (.bin) against this
#     commit's, alternating processes (explore/session16/ab.sh)
#   OUT=... bash results/h100/session16.run.sh odd2    the dispatcher after its rules for such rows changed: M = 2048, then
#     M = 128 beside stages 08 and 10; then test-gpu of stage 11 on the cases with odd N or misaligned pointers
#   OUT=... bash results/h100/session16.run.sh final   at the final rules: the dispatcher on such rows at M = 128; the halves
#     team kernels' A/B three times more (2048 x 512 and x 1024); the dispatcher's sweeps in three dtypes; test-gpu of
#     stages 08 and 11 on the long-row cases
#   OUT=... bash results/h100/session16.run.sh retest  at the final code (the plain pointers cast in the kernels): test-gpu of
#     stage 08 on the new cases, odd N, misaligned pointers and corner shapes; the team kernels' A/B once more
#   OUT=... bash results/h100/session16.run.sh last    at the final commit: test-gpu of stages 08 and 11 on the new cases, odd N,
#     misaligned pointers, corner shapes, special values and rows of 128 B to 2 MB
set -u
part=${1:-shift}
. results/h100/device_build.sh  # the build, R, B, budget, run
NEW_CASES="every stage on rows not in 16-byte packs*,no stage writes outside*"
case $part in
shift)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  SOFTMAX_TEST_STAGES=08,11 timeout 240 build/test_gpu -tc="$NEW_CASES,every stage takes pointers*,every stage matches*,every stage handles*,every stage follows*,every stage on rows of 128 B*,the occupancy*" \
    > $R/test-gpu-08-11.txt 2>&1
  echo "test-gpu 08 11 exit $? at ${SECONDS}s"; grep -E "FAIL|^\[doctest\] (test cases|assertions)" $R/test-gpu-08-11.txt | tail -n 12
  timeout $((480 - SECONDS)) bash results/h100/explore/session16/odd.sh > $R/odd.txt 2>&1
  echo "odd exit $? at ${SECONDS}s"; cat $R/odd.txt
  SOFTMAX_TEST_STAGES=01,02,03,04,05,06,07,09,10 timeout $((585 - SECONDS)) build/test_gpu -tc="$NEW_CASES" > $R/test-gpu-others.txt 2>&1
  echo "test-gpu others exit $? at ${SECONDS}s"; grep -E "FAIL|^\[doctest\] (test cases|assertions)" $R/test-gpu-others.txt | tail -n 12 ;;
odd2)
  ODD_STAGES=step11 ODD_ALIGNED=0 timeout 150 bash results/h100/explore/session16/odd.sh > $R/odd2.txt 2>&1
  echo "odd2 exit $? at ${SECONDS}s"; cat $R/odd2.txt
  ODD_M=128 ODD_STAGES="step11 step08 step10" ODD_ALIGNED=0 timeout $((420 - SECONDS)) bash results/h100/explore/session16/odd.sh \
    > $R/odd128.txt 2>&1; echo "odd128 exit $? at ${SECONDS}s"; cat $R/odd128.txt
  SOFTMAX_TEST_STAGES=11 timeout $((585 - SECONDS)) build/test_gpu -tc="$NEW_CASES,every stage takes pointers*,every stage matches*,every stage handles*,every stage follows*" \
    > $R/test-gpu-11.txt 2>&1
  echo "test-gpu 11 exit $? at ${SECONDS}s"; grep -E "FAIL|^\[doctest\] (test cases|assertions)" $R/test-gpu-11.txt | tail -n 12 ;;
final)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  ODD_M=128 ODD_STAGES=step11 ODD_ALIGNED=0 timeout 100 bash results/h100/explore/session16/odd.sh > $R/odd128-final.txt 2>&1
  echo "odd128 exit $? at ${SECONDS}s"; cat $R/odd128-final.txt
  . results/h100/explore/probe.sh
  for k in 1 2 3; do
    for t in f16 bf16; do for n in 512 1024; do BASE=.bin NEW=. ab 08 $t 2048 $n X=1 step08; done; done
  done > $R/ab2.txt 2>&1; echo "ab2 at ${SECONDS}s"; cat $R/ab2.txt
  sweeps step11
  grep -hE "^ +2048 +(65536|131072|262144) " $R/step11*.txt
  SOFTMAX_TEST_STAGES=08,11 timeout $((585 - SECONDS)) build/test_gpu \
    -tc="every stage on rows of 96 KB*,every stage on many long rows*,running a stage again*" > $R/test-gpu-long.txt 2>&1
  echo "test-gpu long exit $? at ${SECONDS}s"; grep -E "FAIL|^\[doctest\] (test cases|assertions)" $R/test-gpu-long.txt | tail -n 12 ;;
retest)
  SOFTMAX_TEST_STAGES=08 timeout 300 build/test_gpu -tc="$NEW_CASES,every stage takes pointers*,every stage matches*,every stage handles*,every stage follows*,every stage on rows of 128 B*" \
    > $R/test-gpu-08.txt 2>&1
  echo "test-gpu 08 exit $? at ${SECONDS}s"; grep -E "FAIL|^\[doctest\] (test cases|assertions)" $R/test-gpu-08.txt | tail -n 12
  . results/h100/explore/probe.sh
  for t in f16 bf16; do for n in 512 1024; do BASE=.bin NEW=. ab 08 $t 2048 $n X=1 step08; done; done > $R/ab3.txt 2>&1; cat $R/ab3.txt ;;
last)
  SOFTMAX_TEST_STAGES=08,11 timeout 560 build/test_gpu -tc="$NEW_CASES,every stage takes pointers*,every stage matches*,every stage handles*,every stage follows*,every stage on rows of 128 B*,every stage on rows of 96 KB*" \
    > $R/test-gpu-08-11.txt 2>&1
  echo "test-gpu 08 11 exit $? at ${SECONDS}s"; grep -E "FAIL|^\[doctest\] (test cases|assertions)" $R/test-gpu-08-11.txt | tail -n 12 ;;
ab)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  BASE=.bin NEW=. timeout $((585 - SECONDS)) bash results/h100/explore/session16/ab.sh > $R/ab.txt 2>&1
  echo "ab exit $? at ${SECONDS}s"; cat $R/ab.txt ;;
esac
