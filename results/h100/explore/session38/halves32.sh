#!/usr/bin/env bash
# Thirty-eighth session, last call: halves rows in packs just past 32 KB, which stage 08 gives its
# 512-thread register block (the default) at M >= 132, against its block team (STEP08_PATH=team:
# 17-19 warps of 4 packs; two blocks an SM fit up to 18); each its own process, 30 iterations,
# twice (probe.sh's one). Prints "DTYPE M x N ENV BINARY: µs us %copy" lines.
. results/h100/explore/probe.sh
variants 2 "./step08" "STEP08_PATH=team ./step08" <<'SHAPES'
f16 2048 16392
f16 2048 16896
f16 2048 17408
f16 2048 18432
f16 2048 19456
bf16 2048 16392
bf16 2048 18432
f16 4096 16392
f16 4096 18432
SHAPES
