#!/usr/bin/env bash
# Probe (twentieth session), after long2.sh: halves rows not in 16-byte packs at fewer than 64 rows,
# which the dispatcher gives stage 09 from 65536 elements (rule 19), where 09 ran 19-21% of the
# copy on such rows at 64-1024 rows in long2.sh; stages 08, 09 and 10 side by side.
# Usage: PROBE_UNTIL=S bash long3.sh > long3.txt (in a folder with step08 .. step10).
. "$(dirname "$0")/../probe.sh"  # stage_rows
PROBE_TIMEOUT=${PROBE_TIMEOUT:-90} stage_rows "step08 step09 step10" <<'SHAPES'
f16 4 1048577
f16 8 1048577
f16 16 1048577
f16 32 1048577
f16 63 1048577
f16 8 262145
f16 32 262145
f16 63 131073
f16 16 65537
bf16 16 1048577
bf16 32 262145
f16 1 4194305
f16 8 4194305
SHAPES
