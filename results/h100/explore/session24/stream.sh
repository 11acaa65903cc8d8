#!/usr/bin/env bash
# Probe (prepared in the twenty-fourth session, run in the twenty-sixth: explore/session26/stream.txt): the prepared stage 12
# (explore/session24/12_stream.cu, copied to steps/ by ../../session24.run.sh before the build)
# beside stage 11 on the few-row shapes, each stage its own process, then its knobs on three shapes.
# Run from the repository root after the build: bash results/h100/explore/session24/stream.sh
. "$(dirname "$0")/../probe.sh"  # one, stage_rows
# 1. stage 12 against the dispatcher (stage 09 on all of these), % of the copy timed in each process.
#    Rows of 8-16 MB should stay in L2 between their two reads; 32 MB rows are the test of that;
#    4 x 2^24 fp32 (64 MB rows) cannot and bounds the third pass.
PROBE_TIMEOUT=40 stage_rows "step11 step12" <<'SHAPES'
f32 8 2097152
f32 4 4194304
f32 8 4194304
f32 4 8388608
f32 8 8388608
f32 16 1048576
f32 32 524288
f32 1 4194304
f32 4 16777216
f16 8 4194304
f16 4 8388608
f16 8 8388608
f16 4 16777216
f16 16 2097152
bf16 8 4194304
bf16 4 8388608
bf16 8 8388608
SHAPES
# 2. The knobs: the lag (0 and 2 waves past the row), no L2 hints, 16 KB tiles, one block a SM.
for s in "f32 8 2097152" "f32 4 4194304" "f16 8 4194304"; do
  for knob in STEP12_LAG_WAVES=0 STEP12_LAG_WAVES=2 STEP12_HINTS=0 STEP12_PACKS=2 STEP12_BLOCKS_PER_SM=1; do
    one $s $knob timeout 40 ./step12
  done
done
