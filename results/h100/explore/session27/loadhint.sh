#!/usr/bin/env bash
# loadhint.sh (twenty-seventh session): the dispatcher built twice from load-hint.patch,
# .probe/step11_lh0 (SOFTMAX_LOAD_HINT=0: the loads as they stand) and .probe/step11_lh1 (=1: every
# 16-byte load of x marked evict-first: __ldcs, and cp.async with an L2 evict_first policy), run in
# turns on each shape (lh0 lh1 lh0 lh1), each its own process, 30 timed iterations beside the copy
# timed in the same process. Prints "DTYPE M x N: | lh0 µs us % | lh1 ... |"; stops adding shapes
# once the call has run PROBE_UNTIL seconds.
. results/h100/explore/probe.sh
while read -r t m n; do
  [ $SECONDS -ge ${PROBE_UNTIL:-400} ] && { echo "$t $m x $n: (time)"; continue; }
  line="$t $m x $n:"
  for h in 0 1 0 1; do
    r=$(timeout 90 .probe/step11_lh$h --dtype $t --rows $m --cols $n --iters 30 2>&1)
    line="$line | lh$h $(row "$r" $m $n)"
  done
  echo "$line"
done <<'SHAPES'
f32 2048 8192
f32 2048 16384
f32 2048 65536
f16 2048 16384
f16 2048 65536
f32 8 2097152
f32 4 4194304
f32 8 4194304
f32 1 16777216
f16 8 4194304
f16 1 33554432
f32 2048 32768
f32 2048 131072
f16 2048 131072
bf16 2048 65536
f32 4 8388608
f32 1 4194304
f32 2048 4096
f16 2048 262144
SHAPES
