#!/usr/bin/env bash
# Probe (thirty-first session): the ring stage 12 (explore/session31/12_ring.cu, copied to steps/ by
# ../../session31.run.sh before the build) beside stage 11 on the few-row shapes whose rows fit
# the ring, each stage its own process, 30 iterations; then the ring's depth on three shapes.
# Run from the repository root after the build: bash results/h100/explore/session31/ring.sh
. "$(dirname "$0")/../probe.sh"  # one, stage_rows
PROBE_TIMEOUT=40 stage_rows "step11 step12" <<'SHAPES'
f32 8 2097152
f32 4 4194304
f32 8 4194304
f32 16 1048576
f32 32 524288
f32 64 262144
f32 1 4194304
f32 8 1048576
f16 8 4194304
f16 4 8388608
f16 8 8388608
f16 16 2097152
bf16 8 4194304
bf16 4 8388608
bf16 8 8388608
SHAPES
for s in "f32 8 2097152" "f32 4 4194304" "f16 8 4194304"; do
  for k in 2 4; do one $s STEP12_SLOTS=$k timeout 40 ./step12; done
done
