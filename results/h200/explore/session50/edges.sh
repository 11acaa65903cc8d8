#!/usr/bin/env bash
# Fiftieth session (H200): the edges of the amendments drawn from regions.sh. Rule 14's and rule
# 28's matrices between 64 and 128 MB (the amendments give 09 up to 64 MB, 12 keeps them past
# it), and rule 10's past 2^26 elements and below 256 rows (the amendment gives 08 between).
# As regions.sh: each shape under each candidate in its own process, 30 iterations, two rounds.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # stage_rows
P0=STEP09_PIPELINES=0,step09
shapes() {
  cat <<SHAPES
f32 17 1048576 step12 step09
f32 20 1048576 step12 step09
f32 24 1048576 step12 step09
f32 40 524288 step12 step09
f32 48 524288 step12 step09
f32 80 262144 step12 step09
f16 20 2097152 step12 step09 $P0
f16 24 2097152 step12 step09 $P0
f16 40 1048576 step12 step09 $P0
f16 48 1048576 step12 step09 $P0
f16 80 524288 step12 step09 $P0
bf16 40 1048576 step12 step09 $P0
f32 255 24576 step04 step08
f32 4096 16400 step04 step08
f32 4096 24576 step04 step08
SHAPES
}
for round in 1 2; do
  echo "== round $round (at ${SECONDS}s)"
  shapes | stage_rows "step09"
done
echo "== done at ${SECONDS}s"
