#!/usr/bin/env bash
# Thirty-seventh session, after the limits were set (pack_rows for groups of up to 3 packs,
# staged_rows for the rest up to 2 KB, rule 3 for fp32 rows in packs only): stage 08 and the
# dispatcher on lengths the first probe (staged.sh) did not time, with the knobs for comparison,
# and stage 03 on fp32 rows not in packs; about 2^25 elements, each its own process, 30 iterations
# (probe.sh's one). Prints "DTYPE M x N ENV BINARY: µs us %copy" lines.
. results/h100/explore/probe.sh
while read -r t m n; do
  one $t $m $n ./step08
  one $t $m $n STEP08_STAGED_ROWS=0 ./step08
  one $t $m $n ./step11
  [ $t = f32 ] && one $t $m $n ./step03
done <<'SHAPES'
f32 6710886 5
f16 6710886 5
f16 2396745 14
f16 1677721 20
bf16 3355443 10
bf16 4793490 7
f32 524288 65
f32 335544 100
f32 83886 400
f32 65664 511
f16 65664 511
f16 32800 1023
SHAPES
