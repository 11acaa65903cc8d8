#!/usr/bin/env bash
# Thirty-seventh session: where staged_rows overtakes the shifted teams as a matrix of short rows
# not in packs grows: matrices of 4, 8, 16 and 32 MB (x alone), staged_rows at any size
# (STEP08_STAGED_ROWS=1) against the shifted team (=0), two rounds (the second is the noise);
# each its own process, 30 iterations (probe.sh's one). Prints "DTYPE M x N ENV BINARY: µs us
# %copy" lines.
. results/h100/explore/probe.sh
for round in 1 2; do
  while read -r t m n; do
    one $t $m $n STEP08_STAGED_ROWS=1 ./step08
    one $t $m $n STEP08_STAGED_ROWS=0 ./step08
  done <<'SHAPES'
f16 2048 1001
f16 4096 1001
f16 8192 1001
f16 16384 1001
f16 40960 50
f16 81920 50
f16 163840 50
f16 327680 50
f16 204800 10
f16 409600 10
f16 819200 10
f16 1638400 10
f32 20480 50
f32 40960 50
f32 81920 50
f32 163840 50
f32 102400 10
f32 204800 10
f32 409600 10
f32 819200 10
f32 8256 127
f32 16512 127
f32 33024 127
f32 66048 127
SHAPES
done
