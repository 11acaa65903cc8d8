#!/usr/bin/env bash
# Thirty-fifth session, last part: edges the session's rules left unmeasured. Each stage its own
# process, 30 iterations, % of the copy timed in the same process.
#  1. halves at 37 and 43 rows of 1 MB (rules 27 / 28 start at 38 rows and at 42 MB);
#  2. fp32 129-255 rows of 672 KB (rule 13 starts at 704 KB; 09 led at 640 KB);
#  3. halves at 4096 rows of 2 MB + 16 B, stage 12's last row count (rule 29), and 4097 (09).
# Run from the repository root after the build.
. "$(dirname "$0")/../probe.sh"  # stage_rows
PROBE_TIMEOUT=60 PROBE_UNTIL=${PROBE_UNTIL:-400} stage_rows "step10 step09 step12" <<'SHAPES'
f16 37 524288
f16 43 524288
bf16 43 524288
f32 160 172032
f32 240 172032
f16 4096 1048584 step11 step12 step09
f16 4097 1048584 step11 step09
SHAPES
