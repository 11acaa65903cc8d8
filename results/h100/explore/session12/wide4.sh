#!/usr/bin/env bash
# Probe (twelfth session): stage 08's wide kernel at half size (512 threads, 8 packs in registers +
# 8 slices of shared memory: a 128 KB row per block, two blocks per SM) against the register kernel
# that holds such rows now (1024 threads x 8 packs, one block per SM), and stage 04 in fp32.
# Usage: BIN=dir bash wide4.sh > wide4.txt
BIN=${BIN:-.}
. "$(dirname "$0")/../probe.sh"  # row, one
for t in f16 bf16; do for s in "2048 65536" "1024 65536" "2048 49152"; do
  set -- $s
  for k in 1 2; do
    one $t $1 $2 STEP08_PATH=wide timeout 60 $BIN/step08
    one $t $1 $2 STEP08_PATH=register timeout 60 $BIN/step08
  done
done; done
for s in "2048 32768" "1024 32768" "2048 24576"; do
  set -- $s
  for k in 1 2; do
    one f32 $1 $2 STEP08_PATH=wide timeout 60 $BIN/step08
    one f32 $1 $2 STEP08_PATH=register timeout 60 $BIN/step08
    one f32 $1 $2 X=1 timeout 60 $BIN/step04
  done
done
