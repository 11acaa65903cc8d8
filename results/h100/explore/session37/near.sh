#!/usr/bin/env bash
# Thirty-seventh session, with staged_rows from 2 MB: matrices of 1-4 MB near that threshold,
# stage 08's default against staged_rows at any size (STEP08_STAGED_ROWS=1) and the shifted team
# (=0); each its own process, 30 iterations (probe.sh's one). Prints "DTYPE M x N ENV BINARY: µs
# us %copy" lines.
. results/h100/explore/probe.sh
while read -r t m n; do
  one $t $m $n ./step08
  one $t $m $n STEP08_STAGED_ROWS=1 ./step08
  one $t $m $n STEP08_STAGED_ROWS=0 ./step08
done <<'SHAPES'
f32 2048 127
f32 4096 127
f32 8256 127
f32 16384 50
f32 102400 10
f16 204800 10
f16 104857 10
bf16 65536 25
SHAPES
