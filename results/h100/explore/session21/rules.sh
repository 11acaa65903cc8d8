#!/usr/bin/env bash
# Probe (twenty-first session): the dispatcher (step11) with rules 6, 7 and 19 redrawn, on the rows
# not in 16-byte packs that rows.sh and rows2.sh timed; then stages 09 and 10 again where rows2's
# 09 process ran slow (f32 64 x 131073: its copy took 48.6 us there, 30.0 in 10's) and on 32-127
# rows of at most 131072 elements, which rule 7 keeps with 10 unmeasured against 09.
# Usage: PROBE_UNTIL=S bash rules.sh (in a folder with step09 .. step11).
. "$(dirname "$0")/../probe.sh"  # stage_rows
PROBE_TIMEOUT=${PROBE_TIMEOUT:-90} stage_rows "step11" <<'SHAPES'
f32 8 524289
f32 16 131073
f32 32 131073
f32 16 1000001
f32 32 524289
f32 256 524289
f32 128 262145
f32 256 1500001
f16 1 4194305
f16 8 1048577
f16 16 1048577
f16 8 262145
f16 32 262145
f16 63 131073
f16 64 524289
bf16 8 4194305
bf16 256 1048577
f16 256 2000001
f32 64 131073 step09 step10
f32 64 131073 step09 step10
f32 96 131073 step09 step10
f32 64 131069 step09 step10
f32 48 100001 step09 step10
f32 100 120001 step09 step10
SHAPES
