#!/usr/bin/env bash
# Thirty-fifth session, with the last device time: two of the gaps its notes list as not measured.
#  1. halves rows of exactly 2 MB past 1024 rows (rule 36 keeps them on stage 10);
#  2. halves between 2048 and 4096 rows of 4 MB (rule 29: stage 12).
# Each stage its own process, 30 iterations, % of the copy timed in the same process.
# Run from the repository root after the build.
. "$(dirname "$0")/../probe.sh"  # stage_rows
PROBE_TIMEOUT=60 PROBE_UNTIL=${PROBE_UNTIL:-300} stage_rows "step11 step10 step09 step12" <<'SHAPES'
f16 2048 1048576
bf16 1536 1048576
f16 3000 2097152 step11 step12 step09
SHAPES
