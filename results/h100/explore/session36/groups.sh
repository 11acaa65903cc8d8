#!/usr/bin/env bash
# Thirty-sixth session: stage 08's pack_rows on short rows not in 16-byte packs (groups of rows that
# fill 1-8 whole packs), against the shifted teams it replaced there (STEP08_PACK_ROWS=0), and stage
# 03 for fp32; each its own process, 30 iterations, about 2^25 elements (M under 10^7: probe.sh's
# row() finds the harness's line by the spaces before M). Run from the repository root after the
# build; prints "DTYPE M x N ENV BINARY: µs us %copy" lines (probe.sh's one). Ran at 63ec391 (each
# thread loading its own group's packs) and at the next commit (a warp's packs loaded together).
. results/h100/explore/probe.sh
while read -r t m n; do
  one $t $m $n STEP08_PACK_ROWS=0 ./step08
  one $t $m $n ./step08
  [ $t = f32 ] && one $t $m $n ./step03
done <<'SHAPES'
f32 8388608 3
f32 6710886 5
f32 5592405 6
f32 4793490 7
f32 3355443 10
f32 2396745 14
f16 8388608 3
f16 4793490 7
f16 6710886 5
f16 3355443 10
f16 2796202 12
f16 2396745 14
f16 1677721 20
f16 1198372 28
bf16 3355443 10
SHAPES
