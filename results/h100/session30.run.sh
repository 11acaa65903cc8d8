#!/usr/bin/env bash
# Device runs of the thirtieth session (2026-11-27). The call builds on the device first
# (device_build.sh: Google Benchmark and doctest carried in .deps, the commit in .commit), then:
#   OUT=... bash results/h100/session30.run.sh ring   the ring stage 12 (explore/session30/
#     12_ring.cu) copied into steps/ and built with every stage (step11 links it but never picks
#     it); ./step12 --explain; ./step12 --check in three dtypes (a failure or a hang, 60 s each,
#     ends the call there); stage 12 beside stage 11 on the few-row shapes that fit its ring and
#     its depth (explore/session30/ring.sh); then test-gpu on stage 12 in what time is left
#   OUT=... bash results/h100/session30.run.sh ring-ncu   the same build; Nsight Compute (clocks
#     left alone) on stage 12's kernel at fp32 16 x 2^20 and 4 x 2^22: throughput, warp states
#     and the source lines where warps wait
set -u
part=${1:-ring}
case $part in
ring*) cp results/h100/explore/session30/12_ring.cu steps/12_ring.cu ;;
esac
. results/h100/device_build.sh  # the build, R, B, budget, run, sweeps, tests
nvidia-smi > $R/nvidia-smi.txt 2>&1
case $part in
ring)
  ./step12 --explain > $R/step12.explain.txt 2>&1
  for t in f32 f16 bf16; do
    timeout 60 ./step12 --check --dtype $t; echo "check $t exit $? at ${SECONDS}s"
  done > $R/check12.txt 2>&1
  tail -n 20 $R/check12.txt
  grep -q "exit [^0]" $R/check12.txt && { echo "a check failed or hung: no timing, no test-gpu"; exit 1; }
  timeout 300 bash results/h100/explore/session30/ring.sh > $R/ring.txt 2>&1
  echo "ring exit $? at ${SECONDS}s"; cat $R/ring.txt
  tests 12 12 $((585 - SECONDS)) "*" ;;
ring-ncu)
  for shape in "16 1048576" "4 4194304"; do
    set -- $shape
    timeout 200 ncu --target-processes application-only --clock-control none -k regex:ring_rows \
      --launch-skip 3 --launch-count 1 --section SpeedOfLight --section LaunchStats \
      --section MemoryWorkloadAnalysis --section WarpStateStats --section SchedulerStats \
      --section SourceCounters ./step12 --dtype f32 --rows $1 --cols $2 --iters 5 > $R/ncu-$1x$2.txt 2>&1
    echo "ncu $1 x $2 exit $? at ${SECONDS}s"
    grep -E "Duration|DRAM Throughput|Memory Throughput|Warp Cycles Per Issued|Stall|stall" $R/ncu-$1x$2.txt | head -40
  done ;;
esac
