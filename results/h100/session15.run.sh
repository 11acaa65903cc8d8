#!/usr/bin/env bash
# Device runs of the fifteenth session. Each call builds on the device first (device_build.sh:
# Google Benchmark and doctest carried in .deps, the commit in .commit), then runs one part; every
# output goes to $OUT/<part>.tgz.
#   OUT=... bash results/h100/session15.run.sh streams  the two-stream tests: first with .bin/test_gpu_base (6e4fdfc's
#     stages, one buffer per process, built with this session's test file), then at this commit (one buffer per stream
#     in flight, common/scratch.h); then test-gpu of stages 07-11 on the cases their launchers' change touches
#   OUT=... bash results/h100/session15.run.sh sweeps   the dispatcher's sweeps in three dtypes, and stage 10's
#   OUT=... bash results/h100/session15.run.sh ab       the scratch per stream against 6e4fdfc's buffer per process, alternating
#     processes (explore/session15/ab.sh; .bin: step11 of 6e4fdfc)
#   OUT=... bash results/h100/session15.run.sh retest   at the final test file: the two-stream case, then test-gpu of stages 07-11 on
#     the cases the streams part left out (2^31 elements, rows longer than the chip, strides), and memcheck on the tickets
#   OUT=... bash results/h100/session15.run.sh small    the dispatcher against Triton's fused kernel and torch.compile on the
#     shapes of rows up to 64 KB at M = 128 and 2048, 1000 iterations, three runs with other seeds (peers-small-<commit>-<k>.json)
#   OUT=... bash results/h100/session15.run.sh persist  stage 08's one-pass kernel persistent against one block per row (explore/session15/persist.sh)
#   OUT=... bash results/h100/session15.run.sh final    test-gpu at the final code: the cases no earlier call ran for every stage
#     (the memory case, the pool, the broken kernels), then stages 01-06 on the corner shapes and special values
#   OUT=... bash results/h100/session15.run.sh cleanup  stage 10 after its launcher's one launch_config call: --check on each of its
#     kernels, then test-gpu's long-row, stride and two-stream cases for stages 10 and 11
#   OUT=... TUNE_DTYPES="f16 bf16" bash results/h100/session15.run.sh tune     ./step11 --tune per dtype (f32 unless TUNE_DTYPES) at the final code (every stage on the sweep's shapes) and
#     --plan beside it: where the rules' choice is not the fastest stage
#   OUT=... bash results/h100/session15.run.sh odd      rows not a whole number of 16-byte packs: the dispatcher and stages 08, 10, 04
#     (explore/session15/odd.sh)
#   OUT=... bash results/h100/session15.run.sh odd2     the dispatcher on those rows after its rules for them, then test-gpu of stage 11
#     on the corner shapes (2048 x 4097 among them) and misaligned pointers
#   OUT=... bash results/h100/session15.run.sh peers    every stage and peer in one process (peers.json, the README's table),
#     then the dispatcher's bf16 sweep again
set -u
part=${1:-streams}
. results/h100/device_build.sh  # the build, R, B, budget, run
case $part in
streams)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  SOFTMAX_TEST_STAGES=07,08,09,10,11 timeout 150 .bin/test_gpu_base -tc="calls on two streams*" > $R/test-gpu-streams-base.txt 2>&1
  echo "base two streams exit $? at ${SECONDS}s"; grep -E "two streams:|^\[doctest\] (test cases|assertions)" $R/test-gpu-streams-base.txt
  SOFTMAX_TEST_STAGES=07,08,09,10,11 timeout 180 build/test_gpu -tc="StreamScratch*,calls on two streams*,running a stage again*" \
    > $R/test-gpu-streams.txt 2>&1
  echo "two streams exit $? at ${SECONDS}s"; grep -E "FAIL|two streams:|^\[doctest\] (test cases|assertions)" $R/test-gpu-streams.txt
  SOFTMAX_TEST_STAGES=07,08,09,10,11 timeout $((570 - SECONDS)) build/test_gpu \
    -tc="every stage on rows of 96 KB*,every stage on many long rows*,every stage matches*,every stage handles*,every stage follows*,every stage takes*" \
    > $R/test-gpu.txt 2>&1
  echo "test-gpu 07-11 exit $? at ${SECONDS}s"; grep -E "FAIL|^\[doctest\] (test cases|assertions)" $R/test-gpu.txt | tail -n 12 ;;
sweeps)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  sweeps step11 step10
  grep -hE "^ +2048 +(65536|131072|262144) " $R/step1[01]*.txt ;;
ab)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  BASE=.bin NEW=. timeout $((585 - SECONDS)) bash results/h100/explore/session15/ab.sh > $R/ab.txt 2>&1
  echo "ab exit $? at ${SECONDS}s"; cat $R/ab.txt ;;
retest)
  SOFTMAX_TEST_STAGES=07,08,09,10,11 timeout 150 build/test_gpu -tc="calls on two streams*" > $R/test-gpu-streams.txt 2>&1
  echo "two streams exit $? at ${SECONDS}s"; grep -E "FAIL|two streams:|^\[doctest\] (test cases|assertions)" $R/test-gpu-streams.txt
  STEP10_FORM=wide STEP10_CLUSTER=2 timeout 90 compute-sanitizer --tool memcheck --error-exitcode 1 ./step10 --rows 1060 --cols 4104 \
    --check > $R/sanitize.txt 2>&1; echo "memcheck step10 exit $? at ${SECONDS}s"; grep -E "ERROR SUMMARY|check " $R/sanitize.txt
  SOFTMAX_TEST_STAGES=07,08,09,10,11 timeout $((580 - SECONDS)) build/test_gpu \
    -tc="stages with a row stride*,the occupancy*,stages that take any N*,more than 2^31*" > $R/test-gpu-rest.txt 2>&1
  echo "test-gpu rest exit $? at ${SECONDS}s"; grep -E "FAIL|^\[doctest\] (test cases|assertions)" $R/test-gpu-rest.txt | tail -n 12 ;;
small)
  for k in 1 2 3; do
    budget 540 "small run $k" || break
    GIT_DIR=/nonexistent timeout $((580 - SECONDS)) python3 bench/peers.py --lib build/libsoftmax.so --dtypes f32,f16,bf16 \
      --sweeps m2048,batch --filter '^(step11|triton_fused|torch_compile|copy)/.*/M:(128|2048)/N:(1024|2048|4096|8192|16384)$' \
      --iters 1000 --seed $k --no-preflight --out $R/peers-small-$commit-$k.json > $R/peers-small-$commit-$k.txt 2>&1
    echo "small run $k exit $? at ${SECONDS}s"; tail -n 2 $R/peers-small-$commit-$k.txt
  done ;;
persist)
  timeout $((585 - SECONDS)) bash results/h100/explore/session15/persist.sh > $R/persist.txt 2>&1
  echo "persist exit $? at ${SECONDS}s"; cat $R/persist.txt ;;
final)
  timeout 240 build/test_gpu -tc="running a stage again*,StreamScratch*,the checks catch*,the strided check*" \
    > $R/test-gpu-final.txt 2>&1
  echo "test-gpu final exit $? at ${SECONDS}s"; grep -E "FAIL|^\[doctest\] (test cases|assertions)" $R/test-gpu-final.txt
  SOFTMAX_TEST_STAGES=01,02,03,04,05,06 timeout $((570 - SECONDS)) build/test_gpu \
    -tc="every stage matches*,every stage handles*,every stage follows*,every stage takes*" > $R/test-gpu-01-06.txt 2>&1
  echo "test-gpu 01-06 exit $? at ${SECONDS}s"; grep -E "FAIL|^\[doctest\] (test cases|assertions)" $R/test-gpu-01-06.txt ;;
cleanup)
  for s in "--rows 1060 --cols 131076" "--rows 200 --cols 131076" "--dtype f16 --rows 1060 --cols 262152" "--rows 64 --cols 65540" \
           "--dtype bf16 --rows 7 --cols 1000" "--rows 5 --cols 3000 --ld 3001"; do
    echo "check step10 $s: $(timeout 60 ./step10 $s --check 2>&1 | tail -n 1)"
  done | tee $R/check10.txt
  SOFTMAX_TEST_STAGES=10,11 timeout $((570 - SECONDS)) build/test_gpu \
    -tc="every stage on many long rows*,stages with a row stride*,calls on two streams*" > $R/test-gpu-10-11.txt 2>&1
  echo "test-gpu 10-11 exit $? at ${SECONDS}s"; grep -E "FAIL|^\[doctest\] (test cases|assertions)" $R/test-gpu-10-11.txt ;;
tune)
  for t in ${TUNE_DTYPES:-f32}; do
    budget 330 "tune $t" || break
    ./step11 --plan --dtype $t > $R/step11_plan_$t.txt 2>&1
    timeout $((585 - SECONDS)) ./step11 --tune --dtype $t --iters 10 --out $R/dispatch-table-$t.txt > $R/tune-$t.txt 2>&1
    echo "tune $t exit $? at ${SECONDS}s"; tail -n 2 $R/tune-$t.txt
  done ;;
odd)
  timeout $((585 - SECONDS)) bash results/h100/explore/session15/odd.sh > $R/odd.txt 2>&1
  echo "odd exit $? at ${SECONDS}s"; cat $R/odd.txt ;;
odd2)
  ODD_STAGES=step11 timeout 200 bash results/h100/explore/session15/odd.sh > $R/odd2.txt 2>&1
  echo "odd2 exit $? at ${SECONDS}s"; cat $R/odd2.txt
  SOFTMAX_TEST_STAGES=11 timeout $((570 - SECONDS)) build/test_gpu -tc="every stage matches*,every stage takes*,every stage handles*" \
    > $R/test-gpu-11.txt 2>&1
  echo "test-gpu 11 exit $? at ${SECONDS}s"; grep -E "FAIL|^\[doctest\] (test cases|assertions)" $R/test-gpu-11.txt ;;
peers)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  GIT_DIR=/nonexistent timeout $((590 - SECONDS)) python3 bench/peers.py --lib build/libsoftmax.so --dtypes f32,f16,bf16 \
    --out $R/peers.json > $R/peers.txt 2>&1; echo "full peers exit $? at ${SECONDS}s"; tail -n 3 $R/peers.txt
  run step11_bf16_again ./step11 --dtype bf16  # a second sample of the halves nearest the line
  grep -hE "^ +2048 +(65536|131072|262144) " $R/step11_bf16_again.txt ;;
esac
