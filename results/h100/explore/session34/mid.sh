#!/usr/bin/env bash
# Thirty-fourth session: the region docs/11_dispatch.md lists as not measured, "M between 8 and 64
# with long rows under 64 MB (09 is chosen)". For each shape, the rules' choice (./step11 --plan),
# then every stage timed in one process (./step11 --tune: each stage validated first, then the
# median of 20 launches, L2 flushed; "-" = the stage refuses the shape).
# Run from the repository root after the build; MID_UNTIL (seconds of the call) stops it early.
# With a file argument, its lines "DTYPE M N" replace the shapes below.
shapes() { if [ -n "${1:-}" ]; then cat "$1"; else cat; fi; }
while read -r t m n; do
  if [ $SECONDS -ge ${MID_UNTIL:-500} ]; then echo "$t $m x $n: (time)"; continue; fi
  ./step11 --plan --dtype $t --rows $m --cols $n 2>&1 | grep -E "^ +$m +$n " | cut -c1-90
  timeout 90 ./step11 --tune --dtype $t --rows $m --cols $n --iters 20 2>&1 | grep -E "^ +M +N|^ +$m +$n |FAIL"
done < <(shapes "${1:-}" <<'SHAPES'
f32 16 262144
f32 32 131072
f32 16 524288
f32 32 262144
f32 12 1048576
f32 24 524288
f32 48 262144
f32 40 393216
f16 16 524288
f16 32 262144
f16 16 1048576
f16 32 524288
f16 12 2097152
f16 24 1048576
f16 48 524288
bf16 24 1048576
bf16 48 524288
SHAPES
)
