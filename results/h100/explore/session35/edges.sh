#!/usr/bin/env bash
# Thirty-fifth session: the edges of the rules drawn from later.txt and cross.txt, each stage in
# its own process (30 iterations, % of the copy timed in the same process), step11 with the new
# rules beside the stages it may pick:
#  1. fp32 44-79 rows of 512 KB under 40 MB (new rule: 48-112 rows -> 10);
#  2. fp32 129-255 rows of 704 KB-1 MB (new rule: 768 KB-1 MB -> 10);
#  3. halves of 38-45 MB (rule for 12: floor from 48 to 42 MB).
# Run from the repository root after the build.
. "$(dirname "$0")/../probe.sh"  # stage_rows
PROBE_TIMEOUT=40 PROBE_UNTIL=${PROBE_UNTIL:-400} stage_rows "step11 step10 step09 step12" <<'SHAPES'
f32 44 131072 step11 step10 step09
f32 48 131072 step11 step10 step09
f32 52 131072 step11 step10 step09
f32 72 131072
f32 79 131072
f32 129 196608
f32 129 262144
f32 200 229376
f32 255 262144
f32 129 180224 step10 step09 step12
f32 200 180224 step10 step09 step12
f16 42 524288
bf16 42 524288
f16 11 2097152
f16 9 2621440
f16 38 524288 step10 step09 step12
f16 41 524288 step10 step09 step12
bf16 40 524288
SHAPES
