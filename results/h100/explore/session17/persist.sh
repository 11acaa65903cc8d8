#!/usr/bin/env bash
# Probe (seventeenth session): stage 10's wide clusters on many rows off the 16-byte boundary,
# persistent (as it chooses from 16 rows a cluster) against one cluster per row
# (STEP10_PERSISTENT=off) and the parts form; then the same length rounded up to whole packs
# (rows on the boundary, the same clusters, persistent). Each run its own process.
# Usage: bash persist.sh > persist.txt (in the repository root, the stages built).
. "$(dirname "$0")/../probe.sh"  # row
while read -r t m n; do
  line="$t $m x $n:"
  for v in "X=1 ./step10" "STEP10_PERSISTENT=off ./step10" "STEP10_FORM=parts ./step10"; do
    r=$(timeout 60 env $v --dtype $t --rows $m --cols $n --iters 30 2>&1)
    label=${v#X=1 ./}; label=${label/.\//}
    line="$line | $label $(row "$r" $m $n)"
  done
  a=$(( (n + 7) / 8 * 8 ))
  r=$(timeout 60 ./step10 --dtype $t --rows $m --cols $a --iters 30 2>&1)
  echo "$line | step10 x $a $(row "$r" $m $a)"
done <<'SHAPES'
f32 2048 65537
f32 2048 98305
f32 2048 131073
f32 2048 151937
f32 2048 262145
f16 2048 131073
f16 2048 196609
f16 2048 262145
f16 2048 524289
SHAPES
