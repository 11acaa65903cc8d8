#!/usr/bin/env bash
# Probe (eleventh session): fp32 rows of 1-4 KB (N = 256, 512, 1024), stage 03 (a warp per row, the
# dispatcher's rule for N <= 1024) against stage 08's team of warps, M = 1 .. 2048. The peers runs
# had 08 0.3-0.4 us ahead of 03 at 128 x 1024. Usage: BIN=dir bash few_f32.sh > few_f32.txt
BIN=${BIN:-.}
for n in 256 512 1024; do for m in 1 8 32 128 256 512 1024 2048; do for s in 03 08; do
  echo "f32 $m x $n step$s: $($BIN/step$s --rows $m --cols $n --iters 100 2>&1 | grep -E "^ +$m +$n " | awk '{print $4, $NF}')"
done; done; done
