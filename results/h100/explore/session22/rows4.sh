#!/usr/bin/env bash
# Probe (twenty-second session), after rows3.sh (09 led 10 on fp32 rows not in packs at 64-127 rows
# of 2^18 .. 2^19, and 08 on halves rows not in packs at 256-512 x 65537 but not at 100001):
# where those crossovers lie. Halves rows not in packs, 08 against 09 (rule 21's rows: 128-1023,
# 65537 .. 131072); fp32 rows not in packs at 128-255 rows of 2^18 .. 2^19 (rule 6's, 10) and rows in
# packs at 64-255 rows of 2^18 .. 2^19 (rule 16's, 10), 09 against 10.
# Usage: PROBE_UNTIL=S bash rows4.sh (in a folder with step08 .. step10).
. "$(dirname "$0")/../probe.sh"  # stage_rows
PROBE_TIMEOUT=${PROBE_TIMEOUT:-90} stage_rows "step08 step09" <<'SHAPES'
f16 128 65537
f16 256 73729
f16 256 81921
f16 256 90001
f16 512 81921
f16 768 65537
f16 128 81921
bf16 256 65537
bf16 768 73729
f32 128 524287 step09 step10
f32 200 400001 step09 step10
f32 255 524287 step09 step10
f32 128 300001 step09 step10
f32 64 524288 step09 step10
f32 100 400000 step09 step10
f32 127 393216 step09 step10
f32 200 524288 step09 step10
SHAPES
