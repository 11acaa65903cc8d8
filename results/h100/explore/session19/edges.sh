#!/usr/bin/env bash
# Probe (nineteenth session), binaries of the final rule built on the build machine (.bin): stage 10's
# automatic choice of slices on slices.sh's edge shapes (the 1024-row 6 -> 5 and 7 -> 6 CTAs, whose
# choice --explain's clusters at once decide; 40 and 48 rows of 3 -> 2), each beside the forced
# other count; then few fp32 rows not in packs (rule 6 of the dispatcher starts at 32 rows; below,
# stage 09 takes them): stage 09 against stage 10 and the dispatcher at 1-24 rows.
# Usage: BIN=.bin bash edges.sh > edges.txt (in the repository root).
. "$(dirname "$0")/../probe.sh"  # stage_rows, one
BIN=${BIN:-.}
while read -r t m n; do
  for k in 1 2; do
    one $t $m $n timeout 60 $BIN/step10
    one $t $m $n STEP10_SLICES=8 timeout 60 $BIN/step10
    one $t $m $n STEP10_SLICES=13 timeout 60 $BIN/step10
  done
done <<'SHAPES'
f32 1024 360000
f32 1024 450000
f32 40 131073
SHAPES
cd $BIN && PROBE_UNTIL=${PROBE_UNTIL:-200} stage_rows "step09 step10 step11" <<'SHAPES'
f32 4 131073
f32 8 131073
f32 16 131073
f32 24 131073
f32 4 262145
f32 8 262145
f32 16 262145
f32 24 262145
f32 8 524289
f32 16 524289
f32 24 524289
SHAPES
