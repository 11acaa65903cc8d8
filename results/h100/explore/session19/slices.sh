#!/usr/bin/env bash
# Probe (nineteenth session): stage 10 with the rule that picks 13-slice CTAs where they take a row
# in fewer CTAs (wider_pays), against the same build forced to 8 or 13 slices (STEP10_SLICES).
# Part 1: the rule's own choice (step10) and the dispatcher (step11) on wider10.sh's shapes, one
# process each. Part 2: the rule's edges, forced 8 then 13 slices, alternating, twice each: 6 -> 5
# and 7 -> 6 CTAs (fp32 rows of 1.4 and 1.7 MB, which the rule keeps on 8 slices: more than 4), and
# 3 -> 2 at 40 rows (one wave either way: kept on 8 slices) and at 48 (3 x 48 > 132 SMs: 13 slices).
# Usage: bash slices.sh > slices.txt (in the repository root, the stages built).
. "$(dirname "$0")/../probe.sh"  # stage_rows, one
PROBE_UNTIL=${PROBE_UNTIL:-400}
stage_rows "step10 step11" <<'SHAPES'
f32 2048 131073
f32 2048 151936
f32 2048 262145
f32 512 524288
f32 2048 81920 step10
f32 256 131072
f32 128 262144
f32 64 131073
f32 16 262145
f16 2048 262145
bf16 2048 262145
f16 512 1048576
f16 256 262145
f16 64 262145
SHAPES
while read -r t m n; do
  for k in 1 2; do
    for s in 8 13; do one $t $m $n STEP10_SLICES=$s timeout 60 ./step10; done
  done
done <<'SHAPES'
f32 1024 360000
f32 1024 450000
f32 40 131073
f32 48 131073
f16 40 262145
SHAPES
