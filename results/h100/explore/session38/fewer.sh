#!/usr/bin/env bash
# Thirty-eighth session, second call: on rows whose block team has 3 warps (rows of 2-3 KB at one
# or two packs a lane, 4-6 KB at two or four), stage 08's block team (the default, the
# configuration's packs a lane) against the same row on more warps with the packs a lane of the
# configuration before (STEP08_BLOCK_TEAMS=fewer) and against the team of 4 warps
# (STEP08_BLOCK_TEAMS=0), at M = 2048 and 8192; each its own process, 30 iterations, the three
# twice (probe.sh's one). Prints "DTYPE M x N ENV BINARY: µs us %copy" lines.
. results/h100/explore/probe.sh
variants 2 "./step08" "STEP08_BLOCK_TEAMS=fewer ./step08" "STEP08_BLOCK_TEAMS=0 ./step08" <<'SHAPES'
f32 2048 1028
f32 2048 1280
f32 2048 1536
f32 2048 1025
f32 2048 1537
f32 8192 1028
f32 8192 1536
f16 2048 1040
f16 2048 1280
f16 2048 1536
f16 2048 2056
f16 2048 2560
f16 2048 3072
f16 2048 1025
f16 2048 2049
f16 8192 1280
f16 8192 2560
bf16 2048 2560
SHAPES
