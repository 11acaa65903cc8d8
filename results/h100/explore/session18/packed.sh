#!/usr/bin/env bash
# Probe (eighteenth session): fp32 rows in whole packs of 256-336 KB at 67-127 rows, which the final
# rules give to stage 09 (rule 6 starts the wider block at 128 rows for them): the dispatcher,
# stage 08 (the wide or wider block) and stage 09. Each run its own process.
# Usage: bash packed.sh > packed.txt (in the repository root, the stages built).
. "$(dirname "$0")/../probe.sh"  # row
while read -r t m n; do
  line="$t $m x $n:"
  for st in step11 step08 step09; do
    r=$(timeout 30 ./$st --dtype $t --rows $m --cols $n --iters 30 2>&1)
    line="$line | $st $(row "$r" $m $n)"
  done
  echo "$line"
done <<'SHAPES'
f32 67 65536
f32 67 65540
f32 96 65540
f32 127 65540
f32 100 81920
f32 128 65540
SHAPES
