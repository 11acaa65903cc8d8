#!/usr/bin/env bash
# Probe (twenty-second session): the rows not in 16-byte packs that the twenty-first session's rules
# left to a stage without measuring stage 09 (shifted packs) beside it: fp32 64-127 rows of
# 2^18 .. 2^19 (rule 15 gives them to 10), halves 128-1023 rows of 65537 .. 131072 (rule 21 gives
# them to 08; 09 led at f16 512 x 65537 in rows2-07412e2.txt).
# Usage: PROBE_UNTIL=S bash rows3.sh (in a folder with step08 .. step10).
. "$(dirname "$0")/../probe.sh"  # stage_rows
PROBE_TIMEOUT=${PROBE_TIMEOUT:-90} stage_rows "step09 step10" <<'SHAPES'
f32 64 262145
f32 100 400001
f32 127 524287
f32 64 524287
f16 512 65537 step08 step09
f16 256 65537 step08 step09
f16 1000 65537 step08 step09
f16 256 100001 step08 step09
f16 512 131071 step08 step09
bf16 512 65537 step08 step09
SHAPES
