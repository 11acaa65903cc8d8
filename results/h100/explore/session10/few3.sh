#!/usr/bin/env bash
# Tenth session probe 3: is stage 09's fixed ~1.7 us extra in fp16/bf16 (few2.txt: 10.0 us where fp32
# takes 8.3 on the same shapes, whatever the chunk) its code size? step09p1 is stage 09 built with
# kPacks = 1 (one pack per thread held across the barrier: 1,400 SASS instructions for the fp16
# cooperative kernel against 4,280 with 8; fp32 1,184 against 2,560). On these shapes both builds
# take the same plan (the chunk is one pack per thread: 8 KB a block).
set -u
export LD_LIBRARY_PATH=${DEPS:-.deps}/lib:${LD_LIBRARY_PATH:-}
BIN=${BIN:-.bin}
t1() { $BIN/$1 --dtype $2 --rows $3 --cols $4 --iters 50 2>&1 | grep -E "^ +$3 +$4 " | awk '{print $4, $NF}'; }
for r in 1 2; do for t in f16 bf16 f32; do for s in "1 65536" "4 65536" "8 65536" "4 114688" "1 262144"; do set -- $s
  for b in step09 step09p1; do echo "run $r $t $1 x $2 $b: $(t1 $b $t $1 $2)"; done; done; done; done
for t in f16 f32; do echo "check p1 $t: $($BIN/step09p1 --check --dtype $t 2>&1 | grep -c ' ok ') ok, $($BIN/step09p1 --check --dtype $t 2>&1 | grep -vc ' ok ') other lines"; done
