#!/usr/bin/env bash
# Probe (fifteenth session): stage 08's one-pass kernel persistent (onepass_persistent: a grid of the
# blocks the GPU holds, each taking every grid-th row and loading the next while it writes this one)
# against one block per row, in the same binary: STEP08_PERSIST=0 | 1 | 0 | 1, each its own process.
# The shape Triton's fused kernel leads by about 1% is fp32 2048 x 16384 (the register path).
# The kernel and the knob were taken out again after this probe (they lost everywhere, persist.txt);
# persist.patch (commit 6d50de1) puts them back.
# Usage: bash persist.sh > persist.txt   (in the repository root, ./step08 built with persist.patch)
. "$(dirname "$0")/../probe.sh"  # row
pair() {
  local t=$1 m=$2 n=$3 out="" p r
  for p in 0 1 0 1; do
    r=$(STEP08_PERSIST=$p timeout 60 ./step08 --dtype $t --rows $m --cols $n --iters 30 2>&1)
    out="$out | $(row "$r" $m $n)"
  done
  echo "persist08 $t $m x $n (one row a block | persistent | one row a block | persistent)$out"
}
for n in 16384 32768 65536; do pair f32 2048 $n; done
for n in 32768 65536 131072; do pair f16 2048 $n; done
pair bf16 2048 32768
pair f32 1024 16384
# --check with the persistent kernel: rows not a multiple of the grid, every path that holds a row.
for s in "f32 2047 16384" "f32 1000 32772" "f16 777 32768" "bf16 300 131072" "f32 3 16384"; do
  set -- $s
  echo "check persist08 $s: $(STEP08_PERSIST=1 timeout 60 ./step08 --dtype $1 --rows $2 --cols $3 --check 2>&1 | tail -n 1)"
done
