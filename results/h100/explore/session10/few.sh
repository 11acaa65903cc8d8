#!/usr/bin/env bash
# Tenth session probe: why stage 09 takes ~1.5 us more on few fp16 rows than on fp32 rows of twice
# the bytes (step11_21fceeb: 4 x 65536 f32 8.58 us, f16 10.14), and where 7.9 us (the Triton
# two-kernel split in bench/triton_softmax.py) leaves us. Every stage path on the same shapes, each
# in a process of its own, then Nsight Compute's kernel durations (clocks left alone).
# Run from the repository root with BIN (sm_90 binaries of 21fceeb) and OUT.
set -u
export LD_LIBRARY_PATH=${DEPS:-.deps}/lib:${LD_LIBRARY_PATH:-}
BIN=${BIN:-.bin}; OUT=${OUT:-/tmp/out}
t1() { env $1 $BIN/$2 --dtype $3 --rows $4 --cols $5 --iters 50 2>&1 | grep -E "^ +$4 +$5 " | awk '{print $4, $NF}'; }
for t in f16 f32; do for s in "4 65536" "4 262144" "1 1048576" "8 65536"; do set -- $s
  for cfg in "X=1 step09" "STEP09_MODE=two-launch step09" "STEP08_PATH=splitk step08" "X=1 step10" "X=1 step11"; do
    echo "$t $1 x $2 $cfg: $(t1 $cfg $t $1 $2)"
  done; done; done
$BIN/step09 --explain --dtype f16 2>&1 | head -20; $BIN/step09 --explain 2>&1 | head -20
which ncu || ls /usr/local/cuda/bin | grep -i ncu
for t in f16 f32; do
  timeout 120 ncu --clock-control none --metrics gpu__time_duration.sum,launch__grid_size,launch__block_size,launch__registers_per_thread \
    -k regex:softmax_split --launch-skip 2 --launch-count 3 $BIN/step09 --dtype $t --rows 4 --cols 65536 --iters 5 2>&1 | grep -E "^  [a-zA-Z_]|duration|grid_size|block_size|registers" | head -40
done
for t in f16; do
  STEP08_PATH=splitk timeout 120 ncu --clock-control none --metrics gpu__time_duration.sum,launch__grid_size,launch__block_size \
    -k regex:splitk --launch-skip 2 --launch-count 4 $BIN/step08 --dtype $t --rows 4 --cols 65536 --iters 5 2>&1 | grep -E "^  [a-zA-Z_]|duration|grid_size|block_size" | head -40
done
