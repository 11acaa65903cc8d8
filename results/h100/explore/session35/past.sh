#!/usr/bin/env bash
# Thirty-fifth session: past the rules' last measured row counts. Halves rows of 4-8 MB in packs
# past 1024 rows fall to stage 08's split-K and two-pass (the last rule) since rule 29 (12) and
# rule 37 (09) stop at 1024 rows; fp32 rows of 4 MB past 128 rows go to 09 (rule 23). Stage 12
# takes up to 4096 rows. Each stage its own process, 30 iterations, % of the copy timed in the same
# process; step11 first (the rules' choice).
# Run from the repository root after the build.
. "$(dirname "$0")/../probe.sh"  # stage_rows
PROBE_TIMEOUT=60 PROBE_UNTIL=${PROBE_UNTIL:-400} stage_rows "step11 step12 step09 step08" <<'SHAPES'
f16 1025 2097152
f16 2048 2097152
bf16 1536 3145728
f16 1200 4194304
f32 512 1048576 step11 step12 step09
f32 2048 1048576 step11 step12 step09
SHAPES
