#!/usr/bin/env bash
# Thirty-fourth session, after mid.sh: stage 12 led 09 by 6-15% on every 48-60 MB matrix of 12-48
# rows and trailed it on every 16-32 MB one. Where between 32 and 48 MB is the crossover, and do 8
# rows of 48 MB follow? mid.sh on mid2.txt (40 and 44 MB, and 8 rows of 6 MB fp32 / 12 MB halves),
# then stages 12 and 09 in their own processes (30 iterations, % of the copy timed in the same
# process) on four of the 48 MB shapes and two of 40 MB, then stage 11 on them.
# Run from the repository root after the build.
here=$(dirname "$0")
. "$here/../probe.sh"  # stage_rows
MID_UNTIL=${MID_UNTIL:-300} bash "$here/mid.sh" "$here/mid2.txt"
PROBE_TIMEOUT=40 stage_rows "step12 step09 step11" <<'SHAPES'
f32 24 524288
f32 12 1048576
f16 24 1048576
bf16 48 524288
f32 20 524288
f16 20 1048576
SHAPES
