#!/usr/bin/env bash
# Device runs of the thirteenth session. Each call builds on the device first (device_build.sh:
# Google Benchmark and doctest carried in .deps, the commit in .commit), then runs one part; every
# output goes to $OUT/<part>.tgz.
#   OUT=... bash results/h100/session13.run.sh landed   every pack summed as it lands, against after the last (explore/session13/landed.sh, PROBE=1; .bin: binaries of ba55650)
#   OUT=... bash results/h100/session13.run.sh landed2  the slices summed as they land, then the registers (PROBE=2)
#   OUT=... bash results/h100/session13.run.sh test     the extreme and medium kernels with capped groups against .bin (PROBE=3); test-gpu of 08, 10, 11
#   OUT=... bash results/h100/session13.run.sh bench    stage 10's forms at 512 rows of halves, 09 against 10 in fp32 (explore/session13/rules.sh); sweeps of 11, 10 in three dtypes, 08 in fp16
#   OUT=... bash results/h100/session13.run.sh half128  stage 08's wide kernel against its register kernel on 128 KB halves rows (explore/session13/half128.sh)
#   OUT=... bash results/h100/session13.run.sh last     test-gpu of 08, 10, 11 at the final code; stage 08 on 2048 x 2^16 halves
#   OUT=... bash results/h100/session13.run.sh sweeps   the dispatcher's sweeps in three dtypes at the final code
#   OUT=... bash results/h100/session13.run.sh recheck  bf16 2048 x 2^16 again, each run its own process (explore/session13/recheck.sh)
#   OUT=... bash results/h100/session13.run.sh reg4     the wide block as 4 register packs + 12 slices against 8 + 8 (.bin: 67a490b; PROBE=4); test-gpu of 08 and 10
#   OUT=... bash results/h100/session13.run.sh final    every stage and peer, three dtypes, one process (results/h100/peers.json); compute-sanitizer on the kernels that changed
set -u
part=${1:-test}
. results/h100/device_build.sh  # the build, R, B, budget, run
case $part in
landed|landed2)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  [ $part = landed ] && probe=1 || probe=2
  PROBE=$probe BASE=.bin NEW=. timeout 540 bash results/h100/explore/session13/landed.sh > $R/landed$probe.txt 2>&1
  echo "landed$probe exit $? at ${SECONDS}s"; cat $R/landed$probe.txt ;;
test)
  PROBE=3 BASE=.bin NEW=. timeout 120 bash results/h100/explore/session13/landed.sh > $R/landed3.txt 2>&1
  echo "landed3 exit $? at ${SECONDS}s"; cat $R/landed3.txt
  SOFTMAX_TEST_STAGES=08,10,11 timeout 330 build/test_gpu -tce="stages that take any N*" > $R/test-gpu.txt 2>&1
  echo "test-gpu 08,10,11 exit $? at ${SECONDS}s"; grep -E "FAIL|^\[doctest\] (test cases|assertions)" $R/test-gpu.txt | tail -n 12
  SOFTMAX_TEST_STAGES=08,10,11 timeout $((585 - SECONDS)) build/test_gpu -tc="stages that take any N*" > $R/test-gpu-long.txt 2>&1
  echo "test-gpu long exit $? at ${SECONDS}s"; grep -E "FAIL|^\[doctest\] (test cases|assertions)" $R/test-gpu-long.txt | tail -n 12 ;;
bench)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  BIN=. timeout 150 bash results/h100/explore/session13/rules.sh > $R/rules.txt 2>&1; echo "rules exit $? at ${SECONDS}s"; cat $R/rules.txt
  sweeps step11 step10
  run step08_f16 ./step08 --dtype f16
  grep -hE "^ +2048 +(65536|131072|262144) " $R/step1*.txt ;;
final)
  GIT_DIR=/nonexistent timeout 330 python3 bench/peers.py --lib build/libsoftmax.so --dtypes f32,f16,bf16 \
    --out $R/peers.json > $R/peers.txt 2>&1; echo "full peers exit $? at ${SECONDS}s"; tail -n 3 $R/peers.txt
  for tool in memcheck racecheck synccheck initcheck; do
    for st in "STEP08_PATH=wide step08 --dtype f16 --rows 3 --cols 49160" "STEP08_PATH=wide step08 --rows 3 --cols 65536" \
              "STEP08_PATH=medium step08 --dtype bf16 --rows 2 --cols 32760" \
              "STEP10_FORM=wide step10 --dtype f16 --rows 3 --cols 262152" "STEP10_FORM=wide step10 --rows 2 --cols 524292"; do
      budget 560 "$tool $st" || continue
      set -- $st
      echo "== $tool $st" >> $R/sanitize.txt
      env $1 timeout 60 compute-sanitizer --tool $tool --error-exitcode 1 ./$2 "${@:3}" --check >> $R/sanitize.txt 2>&1
      echo "$tool $st exit $? at ${SECONDS}s"
    done
  done ;;
half128)
  BIN=. timeout 300 bash results/h100/explore/session13/half128.sh > $R/half128.txt 2>&1; echo "half128 exit $? at ${SECONDS}s"; cat $R/half128.txt ;;
last)
  SOFTMAX_TEST_STAGES=08,10,11 timeout 360 build/test_gpu -tce="stages that take any N*" > $R/test-gpu.txt 2>&1
  echo "test-gpu 08,10,11 exit $? at ${SECONDS}s"; grep -E "FAIL|^\[doctest\] (test cases|assertions)" $R/test-gpu.txt | tail -n 12
  SOFTMAX_TEST_STAGES=08,10,11 timeout $((530 - SECONDS)) build/test_gpu -tc="stages that take any N*" > $R/test-gpu-long.txt 2>&1
  echo "test-gpu long exit $? at ${SECONDS}s"; grep -E "FAIL|^\[doctest\] (test cases|assertions)" $R/test-gpu-long.txt | tail -n 12
  for t in f16 bf16; do budget 545 "step08 $t" && timeout 25 ./step08 --dtype $t --rows 2048 --cols 65536 --iters 30 > $R/step08_$t.txt 2>&1; done
  grep -hE "^ +2048 +65536 " $R/step08_*.txt ;;
sweeps)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  sweeps step11
  grep -hE "^ +2048 +(65536|131072|262144) " $R/step11*.txt ;;
recheck)
  BIN=. timeout 200 bash results/h100/explore/session13/recheck.sh > $R/recheck.txt 2>&1; echo "recheck exit $? at ${SECONDS}s"; cat $R/recheck.txt ;;
reg4)
  PROBE=4 BASE=.bin NEW=. timeout 260 bash results/h100/explore/session13/landed.sh > $R/landed4.txt 2>&1
  echo "landed4 exit $? at ${SECONDS}s"; cat $R/landed4.txt
  SOFTMAX_TEST_STAGES=08,10 timeout $((585 - SECONDS)) build/test_gpu -tce="stages that take any N*" > $R/test-gpu.txt 2>&1
  echo "test-gpu 08,10 exit $? at ${SECONDS}s"; grep -E "FAIL|^\[doctest\] (test cases|assertions)" $R/test-gpu.txt | tail -n 12 ;;
esac
