#!/usr/bin/env bash
# Probe (thirteenth session): with the slices summed as they land, does stage 08's 512-thread wide
# kernel (registers + shared memory, two blocks per SM) beat its 1024-thread register kernel on
# halves rows of exactly 128 KB (N = 2^16), where the choice keeps the register kernel? And on
# fp32 rows of 64 KB (the one large shape where a peer, Triton's fused kernel, stays ahead)?
# Usage: BIN=dir bash half128.sh > half128.txt
BIN=${BIN:-.}
. "$(dirname "$0")/../probe.sh"  # row, one
for t in f16 bf16; do for m in 2048 1024 512; do
  for p in wide register; do one $t $m 65536 STEP08_PATH=$p timeout 60 $BIN/step08; done
  one $t $m 65536 X=1 timeout 60 $BIN/step11
done; done
for p in wide register medium; do one f32 2048 16384 STEP08_PATH=$p timeout 60 $BIN/step08; done
one f32 2048 16384 X=1 timeout 60 $BIN/step11
for t in f16 bf16; do for p in wide register; do one $t 2048 65536 STEP08_PATH=$p timeout 60 $BIN/step08; done; done
