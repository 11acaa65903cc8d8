#!/usr/bin/env bash
# Device runs of the twelfth session. Each call builds on the device first (16 cores; Google
# Benchmark's headers and library and doctest carried in DEPS, the commit in .commit), then runs
# one part; every output goes to $OUT/<part>.tgz.
#   OUT=... DEPS=.deps bash results/h100/session12.run.sh wide    stage 08's wide kernel on 256 KB rows (explore/session12/wide.sh)
#   OUT=... DEPS=.deps bash results/h100/session12.run.sh wide2   stage 10's wide form on 512 KB - 2 MB rows (explore/session12/wide2.sh)
#   OUT=... DEPS=.deps bash results/h100/session12.run.sh rules   where the wide kernels take over (explore/session12/wide3.sh); test-gpu of stages 08 and 10
#   OUT=... DEPS=.deps bash results/h100/session12.run.sh half    stage 08's wide kernel at 512 threads on 128 KB rows (explore/session12/wide4.sh)
#   OUT=... DEPS=.deps bash results/h100/session12.run.sh bench   sweeps of 11 and 10 in three dtypes, 08 in fp16, the rule plan
#   OUT=... DEPS=.deps bash results/h100/session12.run.sh sanitize  compute-sanitizer on the wide kernels of 08 and 10
#   OUT=... DEPS=.deps bash results/h100/session12.run.sh peers   the dispatcher against every peer, three dtypes, one process
#   OUT=... DEPS=.deps bash results/h100/session12.run.sh full    every stage and peer, three dtypes, one process (results/h100/peers.json)
#   OUT=... DEPS=.deps bash results/h100/session12.run.sh final   test-gpu of stages 10 and 11; stage 10's halves sweeps with the final rule
#   OUT=... DEPS=.deps bash results/h100/session12.run.sh last    test-gpu of stages 08, 10, 11 but the long-row case; two knobs' usage errors
#   OUT=... DEPS=.deps bash results/h100/session12.run.sh test    test-gpu of stages 08, 09, 10, 11 but the long-row case; then that case for 10 and 11
set -u
part=${1:-test}
. results/h100/device_build.sh  # the build, R, B, budget, run (the same lines this script had)
case $part in
wide)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  BIN=. timeout 500 bash results/h100/explore/session12/wide.sh > $R/wide.txt 2>&1; echo "wide exit $? at ${SECONDS}s"
  cat $R/wide.txt ;;
wide2)
  BIN=. timeout 540 bash results/h100/explore/session12/wide2.sh > $R/wide2.txt 2>&1; echo "wide2 exit $? at ${SECONDS}s"
  cat $R/wide2.txt ;;
rules)
  BIN=. timeout 330 bash results/h100/explore/session12/wide3.sh > $R/wide3.txt 2>&1; echo "wide3 exit $? at ${SECONDS}s"
  cat $R/wide3.txt
  SOFTMAX_TEST_STAGES=08,10 timeout $((570 - SECONDS)) build/test_gpu > $R/test-gpu-08-10.txt 2>&1
  echo "test-gpu 08,10 exit $? at ${SECONDS}s"; grep -E "FAIL|^\[doctest\] (test cases|assertions)" $R/test-gpu-08-10.txt | tail -n 12 ;;
half)
  BIN=. timeout 500 bash results/h100/explore/session12/wide4.sh > $R/wide4.txt 2>&1; echo "wide4 exit $? at ${SECONDS}s"
  cat $R/wide4.txt ;;
bench)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  sweeps step11 step10
  run step08_f16 ./step08 --dtype f16
  grep -hE "^ +2048 +(65536|131072|262144) " $R/step1*.txt ;;
sanitize)
  for tool in memcheck racecheck synccheck initcheck; do
    for st in "step08 --dtype f16 --rows 3 --cols 49160" "step08 --rows 3 --cols 65536" \
              "step10 --dtype f16 --rows 3 --cols 262152" "step10 --rows 2 --cols 524292"; do
      echo "== $tool STEP10_FORM=wide $st" >> $R/sanitize.txt
      STEP10_FORM=wide timeout 100 compute-sanitizer --tool $tool --error-exitcode 1 ./$st --check >> $R/sanitize.txt 2>&1
      echo "$tool $st exit $? at ${SECONDS}s"
    done
  done ;;
peers)
  GIT_DIR=/nonexistent timeout 570 python3 bench/peers.py --lib build/libsoftmax.so --dtypes f32,f16,bf16 \
    --impls torch,torch_compile,triton_fused,triton_online,liger,step11,copy \
    --out $R/peers-dispatch.json > $R/peers-dispatch.txt 2>&1; echo "peers exit $? at ${SECONDS}s"; tail -n 40 $R/peers-dispatch.txt ;;
full)
  GIT_DIR=/nonexistent timeout 575 python3 bench/peers.py --lib build/libsoftmax.so --dtypes f32,f16,bf16 \
    --out $R/peers.json > $R/peers.txt 2>&1; echo "full peers exit $? at ${SECONDS}s"; tail -n 8 $R/peers.txt ;;
final)
  run step10_f16 ./step10 --dtype f16
  run step10_bf16 ./step10 --dtype bf16
  SOFTMAX_TEST_STAGES=10,11 timeout $((585 - SECONDS)) build/test_gpu > $R/test-gpu-10-11.txt 2>&1
  echo "test-gpu 10,11 exit $? at ${SECONDS}s"; grep -E "FAIL|^\[doctest\] (test cases|assertions)" $R/test-gpu-10-11.txt | tail -n 12 ;;
last)
  SOFTMAX_TEST_STAGES=08,10,11 timeout 480 build/test_gpu -tce="stages that take any N*" > $R/test-gpu.txt 2>&1
  echo "test-gpu 08,10,11 exit $? at ${SECONDS}s"; grep -E "FAIL|^\[doctest\] (test cases|assertions)" $R/test-gpu.txt | tail -n 12
  for k in STEP10_LOAD=x STEP10_FORM=x; do env $k ./step10 --rows 2 --cols 8 --check > $R/knob.txt 2>&1; echo "$k exit $?: $(tail -n 1 $R/knob.txt)"; done ;;
test)
  SOFTMAX_TEST_STAGES=08,09,10,11 timeout 400 build/test_gpu -tce="stages that take any N*" > $R/test-gpu.txt 2>&1
  echo "test-gpu exit $? at ${SECONDS}s"; grep -E "FAIL|^\[doctest\] (test cases|assertions)" $R/test-gpu.txt | tail -n 12
  SOFTMAX_TEST_STAGES=10,11 timeout $((580 - SECONDS)) build/test_gpu -tc="stages that take any N*" > $R/test-gpu-long.txt 2>&1
  echo "test-gpu long exit $? at ${SECONDS}s"; grep -E "FAIL|^\[doctest\] (test cases|assertions)" $R/test-gpu-long.txt | tail -n 12 ;;
esac
