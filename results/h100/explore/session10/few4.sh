#!/usr/bin/env bash
# Tenth session probe 4: with stage 09's small kernels (039c387), does it beat stage 04 (fp32) and
# stage 08's team (fp16) on few rows of 64-128 KB, which the rules give to 04 and 08? Each setting
# in a process of its own, 50 timed iterations; step04/step08 of 21fceeb (kernels unchanged since).
set -u
export LD_LIBRARY_PATH=${DEPS:-.deps}/lib:${LD_LIBRARY_PATH:-}
BIN=${BIN:-.bin}
t1() { $BIN/$1 --dtype $2 --rows $3 --cols $4 --iters 50 2>&1 | grep -E "^ +$3 +$4 " | awk '{print $4, $NF}'; }
for m in 1 4 8 16 32 63; do
  for n in 16384 32768; do for s in step04 step08 step09; do echo "f32 $m x $n $s: $(t1 $s f32 $m $n)"; done; done
  for n in 32768 65536; do for s in step08 step09; do echo "f16 $m x $n $s: $(t1 $s f16 $m $n)"; done; done
done
