#!/usr/bin/env bash
# Device runs of the thirty-first session (2026-11-27). The call builds on the device first
# (device_build.sh: Google Benchmark and doctest carried in .deps, the commit in .commit), then:
#   OUT=... bash results/h100/session31.run.sh ring   the fifth ring stage 12 (explore/session31/
#     12_ring.cu: warps split into a producer, 16 compute warps and a filer) copied into steps/ and
#     built with every stage; ./step12 --explain; ./step12 --check in three dtypes (a failure or a
#     hang, 60 s each, ends the call there); stage 12 beside stage 11 on the few-row shapes that
#     fit its ring (explore/session31/ring.sh); Nsight Compute (clocks left alone) on its kernel
#     at fp32 16 x 2^20; then test-gpu on stage 12 in what time is left
#   OUT=... bash results/h100/session31.run.sh trace   the same build; STEP12_TRACE timelines of
#     stage 12 (per block and tile: copy issued, landed, row published, written; parts filed and
#     rows published) on four few-row shapes, 3 timed iterations each (the trace is the last's)
#   OUT=... bash results/h100/session31.run.sh inflight   the same build; --check in fp32 with at
#     most 2 copies in flight a block (STEP12_INFLIGHT=2), then explore/session31/inflight.sh (1-4
#     copies in flight against 7, beside stage 11) and traces at 2 in flight
#   OUT=... bash results/h100/session31.run.sh v6   (after the filer was split into a filer and a
#     poller) --check in three dtypes, inflight.sh, traces at 7 and 2 in flight, then test-gpu on
#     stage 12 in what time is left
#   OUT=... bash results/h100/session31.run.sh v7   (after STEP12_PROTOCOL=summary was added)
#     --check in three dtypes with it, explore/session31/protocol.sh, traces with it at 1 and 7
#     in flight, then test-gpu on stage 12 with it in what time is left
#   OUT=... bash results/h100/session31.run.sh v8   (after STEP12_FILERS was added) --check in
#     three dtypes with 3 filer warps, the summary and 1 copy in flight; explore/session31/
#     filers.sh; traces in that setting; test-gpu on stage 12 in it in what time is left
#   OUT=... bash results/h100/session31.run.sh v9   (after the poller was gated on rows filed with
#     several filers) the same as v8 with explore/session31/gate.sh
#   OUT=... bash results/h100/session31.run.sh grid   version 9 beside stage 11 on a grid of 8-128
#     rows of 512 KB-8 MB (explore/session31/grid.sh)
#   OUT=... bash results/h100/session31.run.sh halves   stages 11, 08, 09, 10 and 12 on fp16 / bf16
#     rows of 512 KB-8 MB at 48-256 rows (explore/session31/halves.sh)
set -u
part=${1:-ring}
cp results/h100/explore/session31/12_ring.cu steps/12_ring.cu
. results/h100/device_build.sh  # the build, R, B, budget, run, sweeps, tests
nvidia-smi > $R/nvidia-smi.txt 2>&1
if [ $part = halves ]; then
  PROBE_UNTIL=480 timeout 500 bash results/h100/explore/session31/halves.sh > $R/halves.txt 2>&1
  echo "halves exit $? at ${SECONDS}s"; cat $R/halves.txt
  exit 0
fi
if [ $part = grid ]; then
  timeout 400 bash results/h100/explore/session31/grid.sh > $R/grid.txt 2>&1
  echo "grid exit $? at ${SECONDS}s"; cat $R/grid.txt
  exit 0
fi
if [ $part = v8 ] || [ $part = v9 ]; then
  for t in f32 f16 bf16; do
    STEP12_PROTOCOL=summary STEP12_FILERS=3 STEP12_INFLIGHT=1 timeout 60 ./step12 --check --dtype $t; echo "check $t exit $? at ${SECONDS}s"
  done > $R/check12.txt 2>&1
  grep "exit" $R/check12.txt; grep -q "exit [^0]" $R/check12.txt && exit 1
  probe=filers; [ $part = v9 ] && probe=gate
  timeout 220 bash results/h100/explore/session31/$probe.sh > $R/$probe.txt 2>&1
  echo "$probe exit $? at ${SECONDS}s"; cat $R/$probe.txt
  export STEP12_PROTOCOL=summary STEP12_FILERS=3 STEP12_INFLIGHT=1
  STEP12_TRACE=$R/trace-f32-16x1048576.txt timeout 60 ./step12 --dtype f32 --rows 16 --cols 1048576 --iters 3 > /dev/null 2>&1
  STEP12_TRACE=$R/trace-f32-8x2097152.txt timeout 60 ./step12 --dtype f32 --rows 8 --cols 2097152 --iters 3 > /dev/null 2>&1
  echo "traces at ${SECONDS}s"
  tests 12 12 $((440 - SECONDS)) "*"
  exit 0
fi
if [ $part = v7 ]; then
  export STEP12_PROTOCOL=summary
  for t in f32 f16 bf16; do timeout 60 ./step12 --check --dtype $t; echo "check $t exit $? at ${SECONDS}s"; done > $R/check12.txt 2>&1
  grep "exit" $R/check12.txt; grep -q "exit [^0]" $R/check12.txt && exit 1
  timeout 200 bash results/h100/explore/session31/protocol.sh > $R/protocol.txt 2>&1
  echo "protocol exit $? at ${SECONDS}s"; cat $R/protocol.txt
  for k in 7 1; do
    STEP12_INFLIGHT=$k STEP12_TRACE=$R/trace$k-f32-16x1048576.txt timeout 60 ./step12 --dtype f32 --rows 16 --cols 1048576 --iters 3 > /dev/null 2>&1
    STEP12_INFLIGHT=$k STEP12_TRACE=$R/trace$k-f32-8x2097152.txt timeout 60 ./step12 --dtype f32 --rows 8 --cols 2097152 --iters 3 > /dev/null 2>&1
  done
  echo "traces at ${SECONDS}s"
  tests 12 12 $((440 - SECONDS)) "*"
  exit 0
fi
if [ $part = v6 ]; then
  for t in f32 f16 bf16; do timeout 60 ./step12 --check --dtype $t; echo "check $t exit $? at ${SECONDS}s"; done > $R/check12.txt 2>&1
  grep "exit" $R/check12.txt; grep -q "exit [^0]" $R/check12.txt && exit 1
  timeout 200 bash results/h100/explore/session31/inflight.sh > $R/inflight.txt 2>&1
  echo "inflight exit $? at ${SECONDS}s"; cat $R/inflight.txt
  for k in 7 2; do
    STEP12_INFLIGHT=$k STEP12_TRACE=$R/trace$k-f32-16x1048576.txt timeout 60 ./step12 --dtype f32 --rows 16 --cols 1048576 --iters 3 > /dev/null 2>&1
    STEP12_INFLIGHT=$k STEP12_TRACE=$R/trace$k-f32-8x2097152.txt timeout 60 ./step12 --dtype f32 --rows 8 --cols 2097152 --iters 3 > /dev/null 2>&1
  done
  echo "traces at ${SECONDS}s"
  tests 12 12 $((450 - SECONDS)) "*"
  exit 0
fi
if [ $part = inflight ]; then
  STEP12_INFLIGHT=2 timeout 60 ./step12 --check --dtype f32 > $R/check12-inflight2.txt 2>&1; echo "check exit $? at ${SECONDS}s"
  tail -n 3 $R/check12-inflight2.txt
  timeout 300 bash results/h100/explore/session31/inflight.sh > $R/inflight.txt 2>&1
  echo "inflight exit $? at ${SECONDS}s"; cat $R/inflight.txt
  for shape in "f32 16 1048576" "f32 8 2097152"; do
    set -- $shape
    STEP12_INFLIGHT=2 STEP12_TRACE=$R/trace2-$1-$2x$3.txt timeout 60 ./step12 --dtype $1 --rows $2 --cols $3 --iters 3 > /dev/null 2>&1
    echo "trace $shape exit $? at ${SECONDS}s"
  done
  exit 0
fi
if [ $part = trace ]; then
  for shape in "f32 16 1048576" "f32 8 2097152" "f32 4 4194304" "f16 8 4194304"; do
    set -- $shape
    STEP12_TRACE=$R/trace-$1-$2x$3.txt timeout 60 ./step12 --dtype $1 --rows $2 --cols $3 --iters 3 > $R/trace-$1-$2x$3.log 2>&1
    echo "trace $shape exit $? at ${SECONDS}s"; tail -n 2 $R/trace-$1-$2x$3.log
  done
  exit 0
fi
./step12 --explain > $R/step12.explain.txt 2>&1
for t in f32 f16 bf16; do
  timeout 60 ./step12 --check --dtype $t; echo "check $t exit $? at ${SECONDS}s"
done > $R/check12.txt 2>&1
tail -n 20 $R/check12.txt
grep -q "exit [^0]" $R/check12.txt && { echo "a check failed or hung: no timing, no test-gpu"; exit 1; }
timeout 240 bash results/h100/explore/session31/ring.sh > $R/ring.txt 2>&1
echo "ring exit $? at ${SECONDS}s"; cat $R/ring.txt
if budget 400 ncu; then
  timeout 90 ncu --target-processes application-only --clock-control none -k regex:ring_rows \
    --launch-skip 3 --launch-count 1 --section SpeedOfLight --section LaunchStats \
    --section MemoryWorkloadAnalysis --section WarpStateStats --section SchedulerStats \
    --section SourceCounters ./step12 --dtype f32 --rows 16 --cols 1048576 --iters 5 > $R/ncu-16x1048576.txt 2>&1
  echo "ncu exit $? at ${SECONDS}s"
  grep -E "Duration|DRAM Throughput|Issued Warp|Stall" $R/ncu-16x1048576.txt | head -20
fi
tests 12 12 $((585 - SECONDS)) "*"
