#!/usr/bin/env bash
# Thirty-eighth session, fourth call: fp32 rows of 32-64 KB in packs, which stage 08 gives its
# 512-thread register block (the default) at M >= 132, against its block team (STEP08_PATH=team:
# 17-32 warps of 4 packs); at M = 2048 and 4096, each its own process, 30 iterations, twice
# (probe.sh's one). Prints "DTYPE M x N ENV BINARY: µs us %copy" lines.
. results/h100/explore/probe.sh
variants 2 "./step08" "STEP08_PATH=team ./step08" <<'SHAPES'
f32 4096 8196
f32 4096 10240
f32 4096 12288
f32 4096 14336
f32 2048 10240
f32 2048 12288
f32 2048 16384
SHAPES
