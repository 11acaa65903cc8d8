#!/usr/bin/env bash
# Thirty-eighth session, fifth call: fp32 rows in packs of 32-64 KB now take stage 08's team (a
# block team of 17-31 warps, or the 32-warp team at 64 KB); the default against the register block
# it replaced (STEP08_PATH=register) and the dispatcher, each its own process, 30 iterations,
# twice (probe.sh's one). Prints "DTYPE M x N ENV BINARY: µs us %copy" lines.
. results/h100/explore/probe.sh
variants 2 "./step08" "STEP08_PATH=register ./step08" "./step11" <<'SHAPES'
f32 2048 16384
f32 2048 12288
f32 4096 12288
f32 2048 8196
f32 1024 16384
SHAPES
