#!/usr/bin/env bash
# Probe (seventeenth session): stage 10's wide form taking the fewest CTAs that hold a row (any
# cluster size up to 16) instead of the next power of two, and the parts form beside it. Each
# line, one shape, each run its own process: stage 10 as it chooses; forced to the power-of-two
# cluster it took before (STEP10_CLUSTER=old); forced to the parts form; the dispatcher.
# Usage: bash sizes.sh > sizes.txt (in the repository root, the stages built).
. "$(dirname "$0")/../probe.sh"  # row
while read -r t m n old; do
  line="$t $m x $n:"
  for v in "X=1 ./step10" "STEP10_CLUSTER=$old ./step10" "STEP10_FORM=parts ./step10" "X=1 ./step11"; do
    r=$(timeout 60 env $v --dtype $t --rows $m --cols $n --iters 30 2>&1)
    label=${v#X=1 ./}; label=${label/.\//}
    line="$line | $label $(row "$r" $m $n)"
  done
  echo "$line"
done <<'SHAPES'
f32 2048 131073 4
f32 2048 151937 4
f32 2048 151936 4
f32 2048 196608 4
f32 2048 262145 8
f32 256 131073 4
f32 256 262145 8
f32 1024 65537 2
f32 512 65537 2
f32 2048 98305 2
f16 2048 262145 4
f16 2048 393216 4
f16 2048 524289 8
f16 2048 196609 2
SHAPES
