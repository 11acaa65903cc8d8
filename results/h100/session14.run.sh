#!/usr/bin/env bash
# Device runs of the fourteenth session. Each call builds on the device first (device_build.sh:
# Google Benchmark and doctest carried in .deps, the commit in .commit), then runs one part; every
# output goes to $OUT/<part>.tgz.
#   OUT=... bash results/h100/session14.run.sh roll   stage 10's persistent wide clusters against one cluster per row (explore/session14/roll.sh; .bin: binaries of afaf7f8)
#     (run twice: roll1.txt with rows handed out round-robin, roll2.txt with tickets from a global counter)
#   OUT=... bash results/h100/session14.run.sh test   test-gpu of stages 10 and 11, then the dispatcher's sweeps in three dtypes
#   OUT=... bash results/h100/session14.run.sh retest test-gpu of stages 10 and 11 (special rows now all compared), then their long-row case
#   OUT=... bash results/h100/session14.run.sh peers  the peers against the dispatcher at 2048 x 2^17 and 2^18, three dtypes (peers-long-<commit>.json)
#   OUT=... bash results/h100/session14.run.sh sweeps10 stage 10's sweeps in three dtypes
#   OUT=... bash results/h100/session14.run.sh final  the one-row kernel of afaf7f8 back beside the persistent one: stage 10's sweeps in three dtypes, test-gpu of 10 and 11
#   OUT=... bash results/h100/session14.run.sh sanitize compute-sanitizer's four tools on the persistent wide clusters (forced small parts, 16+ rows per cluster)
set -u
part=${1:-test}
. results/h100/device_build.sh  # the build, R, B, budget, run
case $part in
roll)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  for t in f32 f16; do ./step10 --explain --dtype $t 2>&1 | grep -E "wide|clusters at once" >> $R/explain.txt; done; cat $R/explain.txt
  BASE=.bin NEW=. timeout $((585 - SECONDS)) bash results/h100/explore/session14/roll.sh > $R/roll.txt 2>&1
  echo "roll exit $? at ${SECONDS}s"; cat $R/roll.txt ;;
test)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  SOFTMAX_TEST_STAGES=10,11 timeout 300 build/test_gpu -tce="stages that take any N*" > $R/test-gpu.txt 2>&1
  echo "test-gpu 10,11 exit $? at ${SECONDS}s"; grep -E "FAIL|^\[doctest\] (test cases|assertions)" $R/test-gpu.txt | tail -n 12
  sweeps step11
  grep -hE "^ +2048 +(65536|131072|262144) " $R/step11*.txt ;;
retest)
  SOFTMAX_TEST_STAGES=10,11 timeout 330 build/test_gpu -tce="stages that take any N*" > $R/test-gpu.txt 2>&1
  echo "test-gpu 10,11 exit $? at ${SECONDS}s"; grep -E "FAIL|^\[doctest\] (test cases|assertions)" $R/test-gpu.txt | tail -n 12
  SOFTMAX_TEST_STAGES=10,11 timeout $((560 - SECONDS)) build/test_gpu -tc="stages that take any N*" > $R/test-gpu-long.txt 2>&1
  echo "test-gpu long exit $? at ${SECONDS}s"; grep -E "FAIL|^\[doctest\] (test cases|assertions)" $R/test-gpu-long.txt | tail -n 12 ;;
peers)
  GIT_DIR=/nonexistent timeout 300 python3 bench/peers.py --lib build/libsoftmax.so --dtypes f32,f16,bf16 --sweeps m2048 \
    --filter 'M:2048/N:(131072|262144)$' --impls step11,torch,torch_compile,triton_online,liger \
    --out $R/peers-long-$commit.json > $R/peers-long-$commit.txt 2>&1
  echo "peers exit $? at ${SECONDS}s"; tail -n 30 $R/peers-long-$commit.txt ;;
sweeps10)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  sweeps step10
  grep -hE "^ +2048 +(131072|262144) " $R/step10*.txt ;;
final)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  sweeps step10
  grep -hE "^ +(2048|256|128|64) +(32768|65536|131072|262144|524288) " $R/step10*.txt
  SOFTMAX_TEST_STAGES=10,11 timeout $((350 - SECONDS)) build/test_gpu -tce="stages that take any N*" > $R/test-gpu.txt 2>&1
  echo "test-gpu 10,11 exit $? at ${SECONDS}s"; grep -E "FAIL|^\[doctest\] (test cases|assertions)" $R/test-gpu.txt | tail -n 12 ;;
sanitize)
  for tool in racecheck synccheck memcheck initcheck; do
    for st in "STEP10_CLUSTER=2 --rows 1060 --cols 4104" "STEP10_CLUSTER=4 --dtype f16 --rows 490 --cols 16392" \
              "STEP10_CLUSTER=1 --dtype bf16 --rows 140 --cols 8200"; do
      budget 540 "$tool $st" || continue
      set -- $st
      echo "== $tool STEP10_FORM=wide $st" >> $R/sanitize.txt
      env STEP10_FORM=wide $1 timeout 90 compute-sanitizer --tool $tool --error-exitcode 1 ./step10 "${@:2}" --check >> $R/sanitize.txt 2>&1
      echo "$tool $st exit $? at ${SECONDS}s"
    done
  done
  grep -E "ERROR SUMMARY|check " $R/sanitize.txt ;;
esac
