#!/usr/bin/env bash
# Prepared in the thirty-fourth session, not run: shapes its rule changes left unmeasured.
#  1. fp32 rows of 512 KB-1 MB below rule 13's 40 MB floor and past rule 12's 255 rows, where
#     rule 18 gives 09 a claim from the twelfth session (10 led 09 by 4-11% at 40 MB and more).
#  2. Halves at 32-63 rows of 1 MB, around rule 25's 48 MB floor (10 led at 40 x 2^19: 45.04
#     against 09's 50.03 and 12's 45.76 µs in mid2.txt).
# Each stage its own process, 30 iterations, % of the copy timed in the same process.
# Run from the repository root after the build.
. "$(dirname "$0")/../probe.sh"  # stage_rows
PROBE_TIMEOUT=40 PROBE_UNTIL=${PROBE_UNTIL:-400} stage_rows "step11 step10 step09 step12" <<'SHAPES'
f32 64 131072
f32 96 131072
f32 32 262144
f32 160 262144
f32 200 262144
f16 32 524288
f16 40 524288
f16 48 524288
f16 56 524288
bf16 40 524288
SHAPES
