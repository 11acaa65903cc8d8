#!/usr/bin/env bash
# Thirty-fourth session, after mid.sh and mid2.sh: the rules now send fp32 matrices of 40 MB and
# more (8-128 rows of 512 KB-4 MB, 8-16 rows of 4-8 MB) and halves of 48 MB and more (8-256 rows
# of 1-8 MB) to stage 12, where they asked for 64 MB before. Check the rules' choice on shapes at
# and beside the new floors, then stages 11, 12, 09 and 10 in their own processes (30 iterations,
# % of the copy timed in the same process) on shapes the new floors take that mid*.sh did not
# measure: fp32 rows of 512 KB at 80-127 rows, 8 rows of 5 MB.
# Run from the repository root after the build.
. "$(dirname "$0")/../probe.sh"  # stage_rows
for shape in "f32 10 1048576" "f32 9 1048576" "f32 80 131072" "f32 79 131072" "f32 8 1310720" \
             "f16 48 524288" "f16 47 524288" "bf16 24 1048576"; do
  set -- $shape
  ./step11 --plan --dtype $1 --rows $2 --cols $3 2>&1 | grep -E "^ +$2 +$3 " | cut -c1-60
done
PROBE_TIMEOUT=40 stage_rows "step11 step12 step09 step10" <<'SHAPES'
f32 80 131072
f32 100 131072
f32 127 131072
f32 8 1310720
f32 10 1048576
f16 48 524288
SHAPES
