#!/usr/bin/env bash
# Device runs of the eleventh session. Each call builds on the device first (16 cores; Google
# Benchmark's headers and library and doctest carried in DEPS, the commit in .commit), then runs
# one part; every output goes to $OUT/<part>.tgz.
#   OUT=... DEPS=.deps bash results/h100/session11.run.sh test    test-gpu of every stage, one run
#   OUT=... DEPS=.deps bash results/h100/session11.run.sh probe   fp32 rows of 1-4 KB, 03 against 08; ncu of Triton's fused kernel against 08 at 2048 x 2048
#   OUT=... DEPS=.deps bash results/h100/session11.run.sh launch  Triton against 08 and 11 under four ways of timing (launch.py)
#   OUT=... DEPS=.deps bash results/h100/session11.run.sh bench   sweeps of 11 in three dtypes, the rule plan, test-gpu's last five cases
#   OUT=... DEPS=.deps bash results/h100/session11.run.sh long    test-gpu's case of rows longer than the chip holds
#   OUT=... DEPS=.deps bash results/h100/session11.run.sh full    every stage and peer, three dtypes (results/h100/peers.json)
#   OUT=... DEPS=.deps bash results/h100/session11.run.sh sanitize  compute-sanitizer on the shapes of the new fp32 rule
#   OUT=... DEPS=.deps bash results/h100/session11.run.sh smoke   the final peers.py on a few shapes
#   OUT=... DEPS=.deps bash results/h100/session11.run.sh cluster stage 10's cluster sizes and loaders on 2048 x 2^17, 2^18
#   OUT=... DEPS=.deps bash results/h100/session11.run.sh peers   every peer against stages 08-11, three dtypes, one process
set -u
part=${1:-test}
. results/h100/device_build.sh  # the build, R, B, budget, run (the same lines this script had)
case $part in
test)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  timeout 540 build/test_gpu > $R/test-gpu.txt 2>&1; echo "test-gpu exit $? at ${SECONDS}s"
  tail -n 4 $R/test-gpu.txt ;;
probe)
  BIN=. bash results/h100/explore/session11/few_f32.sh > $R/few_f32.txt 2>&1; echo "few_f32 done at ${SECONDS}s"
  cat $R/few_f32.txt
  timeout 200 ncu --target-processes application-only --clock-control none -k 'regex:_fused_kernel|team_rows' \
    --section SpeedOfLight --section LaunchStats --section Occupancy --section MemoryWorkloadAnalysis \
    --section WarpStateStats --section SchedulerStats \
    python3 results/h100/explore/session11/ncu_2048.py build/libsoftmax.so > $R/ncu_2048.txt 2>&1
  echo "ncu exit $? at ${SECONDS}s"
  cp $OUT/*.ptx $R/ 2>/dev/null; rm -f $OUT/*.ptx
  grep -E "^  [a-z_]+.*\(|Duration|DRAM Throughput|Registers Per|Achieved Occupancy|Theoretical Occ|Block Size|Grid Size" $R/ncu_2048.txt | head -80 ;;
launch)
  timeout 300 python3 results/h100/explore/session11/launch.py build/libsoftmax.so > $R/launch.txt 2>&1
  echo "launch exit $? at ${SECONDS}s"; cat $R/launch.txt ;;
order)
  # peers.py itself on the shapes where Triton led, with every peer (as the sweeps run) and with
  # the stages first and only Triton beside them: does the order or company change the numbers?
  F='/M:(2048/N:2048|128/N:1024)$'
  for impls in torch,torch_compile,triton_fused,triton_online,step08,step11 step08,step11,triton_fused \
               torch,torch_compile,triton_fused,triton_online,step08,step11; do
    GIT_DIR=/nonexistent timeout 150 python3 bench/peers.py --lib build/libsoftmax.so --dtypes f32,f16 --sweeps batch \
      --no-preflight --filter "$F" --impls $impls,copy --out $R/order.json >> $R/order.txt 2>&1
    echo "order $impls exit $? at ${SECONDS}s"
  done
  grep -E "^\[|^  [A-Za-z]" $R/order.txt ;;
bench)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  for t in f32 f16 bf16; do ./step11 --plan --dtype $t >> $R/step11_plan.txt 2>&1; done
  # test-gpu's five last cases (the test part's 540 s ended inside the seventh)
  timeout 240 build/test_gpu -tc="stages with a row stride*,the occupancy calculator*,running a stage leaves*,the checks catch*,the strided check*" \
    > $R/test-gpu-last5.txt 2>&1; echo "test-gpu last five exit $? at ${SECONDS}s"
  tail -n 3 $R/test-gpu-last5.txt
  run step11 ./step11
  run step11_f16 ./step11 --dtype f16
  run step11_bf16 ./step11 --dtype bf16 ;;
long)
  # test-gpu's seventh case alone: rows longer than the chip holds, every stage that takes any N
  timeout 590 build/test_gpu -tc="stages that take any N*" > $R/test-gpu-long.txt 2>&1; echo "test-gpu long rows exit $? at ${SECONDS}s"
  tail -n 3 $R/test-gpu-long.txt ;;
full)
  # Every implementation (all stages, the peers, the copy), three dtypes, one process: the README's
  # table and plots (results/h100/peers.json)
  GIT_DIR=/nonexistent timeout 580 python3 bench/peers.py --lib build/libsoftmax.so --dtypes f32,f16,bf16 \
    --out $R/peers.json > $R/peers.txt 2>&1; echo "full peers exit $? at ${SECONDS}s"; tail -n 8 $R/peers.txt ;;
sanitize)
  # The fp32 rows the new rule sends to stage 08 (team of 4 warps x 2 packs), through 08 and 11
  for tool in memcheck racecheck synccheck initcheck; do
    for st in "step08 --rows 100 --cols 1000" "step11 --rows 128 --cols 1024" "step11 --rows 3 --cols 517"; do
      echo "== $tool $st" >> $R/sanitize.txt
      timeout 60 compute-sanitizer --tool $tool --error-exitcode 1 ./$st --check >> $R/sanitize.txt 2>&1
      echo "$tool $st exit $? at ${SECONDS}s"
    done
  done ;;
smoke)
  # The final peers.py, quickly: a few shapes, three dtypes, Triton's kernels and the dispatcher
  GIT_DIR=/nonexistent timeout 300 python3 bench/peers.py --lib build/libsoftmax.so --quick --dtypes f32,f16,bf16 \
    --impls torch_compile,triton_fused,step11,copy --out $R/peers-quick.json > $R/peers-quick.txt 2>&1
  echo "quick peers exit $? at ${SECONDS}s"; tail -n 6 $R/peers-quick.txt ;;
cluster)
  BIN=. timeout 540 bash results/h100/explore/session11/cluster.sh > $R/cluster.txt 2>&1; echo "cluster exit $? at ${SECONDS}s"
  cat $R/cluster.txt ;;
peers)
  GIT_DIR=/nonexistent timeout 560 python3 bench/peers.py --lib build/libsoftmax.so --dtypes f32,f16,bf16 \
    --impls torch,torch_compile,triton_fused,triton_online,liger,step08,step09,step10,step11,copy \
    --out $R/peers.json > $R/peers.txt 2>&1; echo "peers exit $? at ${SECONDS}s"; tail -n 40 $R/peers.txt ;;
esac
