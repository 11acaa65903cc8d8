#!/usr/bin/env bash
# Prepared in the thirty-third session, not run: what its last changes need on a GPU.
#  1. The host side of the checks on threads (common/host_parallel.h, ba7d591): wall time of one
#     process on shapes whose checks took most of a run at 99d13df (fp16 640 x 2^21: about 45 s a
#     process for stages 12, 10 and 09 in halves2.txt; fp16 384 x 2^22: over 40 s in every stage).
#  2. Rule 25 at 513-1024 rows (grown from 512 on 640 x 2^21 alone): stages 12, 09 and 10 on
#     shapes of 641-1024 rows and rows of 4-8 MB, then stage 11 on them.
# Run from the repository root after the build.
. "$(dirname "$0")/../probe.sh"  # stage_rows
for shape in "f16 640 2097152" "f16 384 4194304"; do
  set -- $shape
  start=$SECONDS; timeout 120 ./step12 --dtype $1 --rows $2 --cols $3 --iters 30 > /dev/null 2>&1
  echo "step12 $1 $2 x $3: exit $? in $((SECONDS - start)) s"
done
PROBE_TIMEOUT=60 PROBE_UNTIL=${PROBE_UNTIL:-400} stage_rows "step12 step09 step10 step11" <<'SHAPES'
f16 384 4194304
f16 768 2097152
f16 1024 2097152
bf16 1024 3145728
f16 1024 4194304
SHAPES
