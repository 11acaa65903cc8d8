#!/usr/bin/env bash
# Thirty-eighth session: stage 08's team as a block of just the warps a row needs (the default)
# against its team of a power of two warps (STEP08_BLOCK_TEAMS=0), on rows between the powers of
# two at M = 2048, in packs and not; each its own process, 30 iterations, the pair twice (probe.sh's
# one). Then rows of 32-48 KB, which the stage gives its 512-thread register block: the block team
# forced (STEP08_PATH=team) against it. Prints "DTYPE M x N ENV BINARY: µs us %copy" lines.
. results/h100/explore/probe.sh
while read -r t n; do
  for round in 1 2; do
    one $t 2048 $n ./step08
    one $t 2048 $n STEP08_BLOCK_TEAMS=0 ./step08
  done
done <<'SHAPES'
f16 1536
f16 2056
f16 2560
f16 3072
f16 4104
f16 5120
f16 6144
f16 8200
f16 10240
f16 12288
f16 2049
f16 4097
f16 8193
f32 1028
f32 1536
f32 2052
f32 2560
f32 3072
f32 4100
f32 5120
f32 6144
f32 1025
f32 2049
f32 4097
bf16 4097
SHAPES
while read -r t n; do
  one $t 2048 $n ./step08
  one $t 2048 $n STEP08_PATH=team ./step08
done <<'SHAPES'
f16 16392
f16 20480
f16 24576
f16 16385
f32 8196
f32 10240
f32 12288
f32 8193
SHAPES
