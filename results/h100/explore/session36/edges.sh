#!/usr/bin/env bash
# Thirty-sixth session: stage 08's shifted teams (rows of up to 32 KB not in 16-byte packs) with
# their partial packs read by one masked 16-byte load where the pack lies inside the matrix (commit
# 48f1ecf; reverted after this run) against element by element (STEP08_MASKED_EDGES=0); each its own process,
# 30 iterations, in the order element, masked, element, masked (the second pair is the noise).
# Run from the repository root after the build; prints probe.sh's "DTYPE M x N ENV BINARY: µs us %copy".
. results/h100/explore/probe.sh
while read -r t m n; do
  for k in 1 2; do
    one $t $m $n STEP08_MASKED_EDGES=0 ./step08
    one $t $m $n STEP08_MASKED_EDGES=1 ./step08
  done
done <<'SHAPES'
f32 524288 50
f16 524288 50
f16 65536 500
bf16 65536 500
f32 2048 1001
f16 2048 1001
f32 2048 4097
f16 2048 4097
f16 2048 16385
f32 128 1001
f16 4194304 9
SHAPES
