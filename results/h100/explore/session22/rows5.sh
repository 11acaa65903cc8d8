#!/usr/bin/env bash
# Probe (twenty-second session), after rule 15 (fp32 64-255 rows of 1-2 MB -> 09, where 09 led 10
# at 255 x 524287 by 6 points): does 09 lead past 255 rows? fp32 256-1024 rows of 1-2 MB in packs
# (rule 13 gives them 10, measured only up to 2^18) and not (rules 12, 13), 09 against 10; and
# halves rows not in packs between rule 22's 256 rows and 08's lead at 128.
# Usage: PROBE_UNTIL=S bash rows5.sh (in a folder with step08 .. step10).
. "$(dirname "$0")/../probe.sh"  # stage_rows
PROBE_TIMEOUT=${PROBE_TIMEOUT:-90} stage_rows "step09 step10" <<'SHAPES'
f32 256 524288
f32 384 524288
f32 512 524288
f32 256 400000
f32 512 393216
f32 1024 524288
f32 256 524287
f32 512 524287
f32 384 400001
f16 192 65537 step08 step09
f16 224 81921 step08 step09
bf16 160 65537 step08 step09
SHAPES
