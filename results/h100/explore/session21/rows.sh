#!/usr/bin/env bash
# Probe (twenty-first session): rows not in 16-byte packs, stages 08, 09 (shifted packs now) and 10
# side by side, for the dispatcher's rules 7-9 (fp32 under 16 rows) and 19-21 (halves under 64).
# Usage: PROBE_UNTIL=S bash rows.sh (in a folder with step08 .. step10).
. "$(dirname "$0")/../probe.sh"  # stage_rows
PROBE_TIMEOUT=${PROBE_TIMEOUT:-90} stage_rows "step08 step09 step10" <<'SHAPES'
f32 8 524289
f32 8 131073
f32 4 4194305
f32 1 16777217
f32 16 1000001
f32 15 262145
f16 1 4194305
f16 8 1048577
f16 16 1048577
f16 32 262145
f16 63 131073
f16 8 262145
f16 4 65537
f16 8 131073
bf16 8 4194305
bf16 16 1048577
SHAPES
