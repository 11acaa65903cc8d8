#!/usr/bin/env bash
# Probe (twentieth session): the dispatcher with rules 7, 19, 20 and 27 redrawn, on long.sh's,
# long2.sh's and long3.sh's shapes: each validated, then timed.
# Usage: PROBE_UNTIL=S bash rules.sh > rules.txt (in a folder with step11).
. "$(dirname "$0")/../probe.sh"  # stage_rows
PROBE_TIMEOUT=${PROBE_TIMEOUT:-90} stage_rows "step11" <<'SHAPES'
f32 2048 524289
f32 256 524289
f32 64 524289
f32 32 524289
f32 16 1000001
f32 64 1000001
f32 64 1376257
f32 256 1500001
f16 64 1048577
f16 256 2000001
f16 64 3000001
bf16 256 1048577
f16 1024 1048577
f16 4 1048577
f16 8 1048577
f16 16 1048577
f16 32 262145
f16 63 131073
f16 16 65537
bf16 16 1048577
f16 1 4194305
SHAPES
