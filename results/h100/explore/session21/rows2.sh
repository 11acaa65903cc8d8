#!/usr/bin/env bash
# Probe (twenty-first session), after rows.sh: rows not in 16-byte packs at more rows, where the
# dispatcher's rules 7 and 8 (fp32) and 19, 27 (halves) give them to stage 10's clusters; stage 09
# (shifted packs now) beside 10, and 08 on the halves rows of 128-256 KB (rule 26's).
# Usage: PROBE_UNTIL=S bash rows2.sh (in a folder with step08 .. step10).
. "$(dirname "$0")/../probe.sh"  # stage_rows
PROBE_TIMEOUT=${PROBE_TIMEOUT:-90} stage_rows "step09 step10" <<'SHAPES'
f32 16 131073
f32 32 131073
f32 64 131073
f32 128 131073
f32 32 262145
f32 128 262145
f32 512 262145
f32 32 524289
f32 64 524289
f32 256 524289
f32 256 1500001
f16 32 1048577
f16 63 1048577
f16 64 524289
f16 128 131073 step08 step09 step10
f16 512 65537 step08 step09 step10
f16 256 2000001
f16 1024 1048577
bf16 256 1048577
f32 2048 524289
SHAPES
