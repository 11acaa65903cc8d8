#!/usr/bin/env bash
# Tenth session probe 2: stage 09's smallest chunk on few rows. The default is one pack per thread
# (2048 floats, 4096 halves: 8 KB a block); step09x (steps/09_cooperative.cu with STEP09_MIN_CHUNK
# accepted down to a quarter pack per thread) times 8, 4 and 2 KB chunks, i.e. 1x, 2x, 4x the blocks.
set -u
export LD_LIBRARY_PATH=${DEPS:-.deps}/lib:${LD_LIBRARY_PATH:-}
BIN=${BIN:-.bin}
t1() { env $1 $BIN/step09x --dtype $2 --rows $3 --cols $4 --iters 50 2>&1 | grep -E "^ +$3 +$4 " | awk '{print $4, $NF}'; }
for t in f16 bf16; do for s in "1 65536" "4 65536" "8 65536" "4 131072" "4 262144" "1 1048576" "1 2097152" "4 1048576"; do set -- $s
  for c in X=1 STEP09_MIN_CHUNK=2048 STEP09_MIN_CHUNK=1024; do echo "$t $1 x $2 $c: $(t1 $c $t $1 $2)"; done; done; done
for s in "1 65536" "4 65536" "8 65536" "4 262144" "1 1048576"; do set -- $s
  for c in X=1 STEP09_MIN_CHUNK=1024 STEP09_MIN_CHUNK=512; do echo "f32 $1 x $2 $c: $(t1 $c f32 $1 $2)"; done; done
for t in f16 f32; do for c in 1024 2048; do
  echo "check $t MIN_CHUNK=$c: $(STEP09_MIN_CHUNK=$c $BIN/step09x --check --dtype $t 2>&1 | tail -n 2 | tr '\n' ' ')"
done; done
