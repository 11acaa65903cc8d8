#!/usr/bin/env bash
# Thirty-seventh session: staged_rows at any matrix size (STEP08_STAGED_ROWS=1) with a small
# matrix spread over 32 warps an SM (the launcher's default then), 128 or 512 (STEP08_STAGED_SPREAD),
# against the shifted team (=0), on the matrices of 1-32 MB where cross.sh found the team ahead or
# level; two rounds (the second is the noise), each its own process, 30 iterations (probe.sh's
# one). Prints "DTYPE M x N ENV BINARY: µs us %copy" lines.
. results/h100/explore/probe.sh
for round in 1 2; do
  while read -r t m n; do
    one $t $m $n STEP08_STAGED_ROWS=1 ./step08
    one $t $m $n STEP08_STAGED_ROWS=1 STEP08_STAGED_SPREAD=128 ./step08
    one $t $m $n STEP08_STAGED_ROWS=1 STEP08_STAGED_SPREAD=512 ./step08
    one $t $m $n STEP08_STAGED_ROWS=0 ./step08
  done <<'SHAPES'
f16 2048 1001
f16 8192 1001
f16 16384 1001
f16 40960 50
f16 163840 50
f16 327680 50
f16 16384 10
f32 16384 50
f32 2048 127
f32 16384 10
f16 1342177 25
SHAPES
done
