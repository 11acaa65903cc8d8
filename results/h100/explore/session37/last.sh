#!/usr/bin/env bash
# Thirty-seventh session, at the last code (a warp's rows a whole number of rounds of teams; staged
# from 4 MB, 32 MB for halves rows over 64 bytes): stage 08's default against the shifted team
# (STEP08_STAGED_ROWS=0) on matrices of 2^25 elements and on matrices near the thresholds; each its
# own process, 30 iterations (probe.sh's one). Prints "DTYPE M x N ENV BINARY: µs us %copy" lines.
. results/h100/explore/probe.sh
while read -r t m n; do
  one $t $m $n ./step08
  one $t $m $n STEP08_STAGED_ROWS=0 ./step08
done <<'SHAPES'
f16 1342177 25
f16 671088 50
f16 3355443 10
bf16 3355443 10
f32 3355443 10
f16 4793490 7
f32 4793490 7
f16 67108 500
f16 1677721 20
f16 3728270 9
f32 671088 50
f32 264208 127
f16 2048 1001
f16 163840 50
f16 204800 10
f32 102400 10
SHAPES
