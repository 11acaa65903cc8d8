#!/usr/bin/env bash
# Probe (thirty-third session): halves in packs at 257-1024 rows that the thirty-second session left
# unmeasured (rule 25 sends 257-512 rows of 2^20+1..2^22 to stage 12 on the strength of 256 and 512
# x 2^21; 513-1024 rows of more than 2 MB go to stage 10 or 09): stages 12, 10, 09 and 11, each its
# own process, 30 iterations. Run from the repository root after the build (../../session33.run.sh extra).
. "$(dirname "$0")/../probe.sh"  # stage_rows
PROBE_TIMEOUT=40 stage_rows "step12 step10 step09 step11" <<'SHAPES'
f16 300 2097152
f16 384 4194304
bf16 400 3145728
f16 640 2097152
f16 768 4194304
f16 1024 3145728
f16 1024 4194304
SHAPES
