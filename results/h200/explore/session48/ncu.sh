#!/usr/bin/env bash
# Forty-eighth session (H200): Nsight Compute on stage 09's few-row call, as built and with its load
# order pinned (order.patch, PROBE_PIN), to see where its warps wait. One launch inside the timed
# loop (the 21st of the kernel), --clock-control none (the card's clocks are left as they are),
# --cache-control all (caches flushed before each replay, as the harness flushes L2), the sections
# below. ncu replays the launch once per pass; the times it prints are its own, not the harness's.
# $SP: session48.run.sh's copies.
sections="--section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats \
  --section SchedulerStats --section InstructionStats --section LaunchStats --section Occupancy \
  --section SourceCounters"
for s in "f16 8 4194304" "f32 8 2097152"; do
  set -- $s
  for bin in ./step09 $SP/pinL/step09; do
    echo "== $bin $1 $2 x $3"
    timeout 120 ncu --clock-control none --cache-control all -k regex:softmax_split --launch-skip 20 \
      --launch-count 1 $sections $bin --dtype $1 --rows $2 --cols $3 --iters 30 2>&1 | grep -v "^check"
  done
done
