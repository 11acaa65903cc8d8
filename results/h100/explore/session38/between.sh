#!/usr/bin/env bash
# Thirty-eighth session: stage 08's team as a block of just the warps a row needs (the default)
# against its team of a power of two warps (STEP08_BLOCK_TEAMS=0), on rows between the powers of
# two at M = 2048, in packs and not; each its own process, 30 iterations, the pair twice (probe.sh's
# one). Then rows of 32-48 KB, which the stage gives its 512-thread register block: the block team
# forced (STEP08_PATH=team) against it. Prints "DTYPE M x N ENV BINARY: µs us %copy" lines.
. results/h100/explore/probe.sh
variants 2 "./step08" "STEP08_BLOCK_TEAMS=0 ./step08" <<'SHAPES'
f16 2048 1536
f16 2048 2056
f16 2048 2560
f16 2048 3072
f16 2048 4104
f16 2048 5120
f16 2048 6144
f16 2048 8200
f16 2048 10240
f16 2048 12288
f16 2048 2049
f16 2048 4097
f16 2048 8193
f32 2048 1028
f32 2048 1536
f32 2048 2052
f32 2048 2560
f32 2048 3072
f32 2048 4100
f32 2048 5120
f32 2048 6144
f32 2048 1025
f32 2048 2049
f32 2048 4097
bf16 2048 4097
SHAPES
variants 1 "./step08" "STEP08_PATH=team ./step08" <<'SHAPES'
f16 2048 16392
f16 2048 20480
f16 2048 24576
f16 2048 16385
f32 2048 8196
f32 2048 10240
f32 2048 12288
f32 2048 8193
SHAPES
