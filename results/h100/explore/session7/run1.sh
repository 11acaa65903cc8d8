#!/usr/bin/env bash
# Seventh session, exploration 1: where a cooperative launch puts its blocks (probe.cu), and stage 09's
# two pipelines with the grid's halves as groups (blocks b and b + 132: step09, commit f67496a) against
# alternate blocks as groups (b and b + 1: step09_parity, the same commit with one line changed) and
# against one pipeline (STEP09_PIPELINES=0), at the shapes that take two pipelines.
# Built beforehand for sm_90 and carried in .bin/: probe (nvcc -O2 -gencode arch=compute_90,code=sm_90
# probe.cu -o .bin/probe), step09 (make step09 at f67496a), step09_parity (the same after changing the
# kernel's line `group = blockIdx.x >= blocks, b0 = blockIdx.x - group * blocks` to
# `group = blockIdx.x & (groups - 1), b0 = blockIdx.x >> (groups - 1)`).
set -u
R=x1; mkdir -p $R; trap 'tar czf $OUT/$R.tgz $R' EXIT
export LD_LIBRARY_PATH=.deps/lib
.bin/probe > $R/probe.txt 2>&1; cat $R/probe.txt
for s in "4 4194304 f32" "8 2097152 f32" "8 4194304 f32" "2048 65536 f32" "4 8388608 f16" "8 4194304 f16" "8 8388608 f16" "2048 131072 f16"; do
  set -- $s
  for v in halves parity one; do
    case $v in halves) cmd=".bin/step09";; parity) cmd=".bin/step09_parity";; one) cmd="env STEP09_PIPELINES=0 .bin/step09";; esac
    $cmd --rows $1 --cols $2 --dtype $3 --iters 30 > $R/$v-$1x$2-$3.txt 2>&1
    echo "$v $1 $2 $3: $(grep -E "^ +$1 +$2 " $R/$v-$1x$2-$3.txt | awk '{print $4, $NF}')"
  done
done | tee $R/summary.txt
