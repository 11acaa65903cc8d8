#!/usr/bin/env bash
# Thirty-seventh session: staged_rows with fewer rows a warp on small matrices (at most enough
# to spread the matrix over 32 warps an SM), against the shifted teams (STEP08_STAGED_ROWS=0),
# on matrices of 0.1-8 MB and one of 64 MB, two rounds (the second is the noise); each its own
# process, 30 iterations (probe.sh's one). Prints "DTYPE M x N ENV BINARY: µs us %copy" lines.
. results/h100/explore/probe.sh
for round in 1 2; do
  while read -r t m n; do
    one $t $m $n ./step08
    one $t $m $n STEP08_STAGED_ROWS=0 ./step08
  done <<'SHAPES'
f16 2048 1001
bf16 2048 1001
f16 128 1001
f16 2048 500
f16 16384 50
f32 16384 50
f16 2048 50
f16 16384 10
f32 16384 10
f32 2048 127
f32 128 301
f16 671088 50
SHAPES
done
