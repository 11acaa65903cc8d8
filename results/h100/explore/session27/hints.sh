#!/usr/bin/env bash
# hints.sh (twenty-seventh session): stage 09 built four ways from step09-hint.patch (STEP09_HINT=0
# as it stands; 1 loads and cp.asyncs with an L2 evict_first policy; 2 stores st.global.cs; 3 both),
# binaries in .probe/step09_h{0,1,2,3}, run in turns on each shape (h0 h1 h2 h3 h0 h1 h2 h3), each
# its own process, 30 timed iterations beside the copy timed in the same process.
# Prints "DTYPE M x N: | h0 µs us % | h1 ... |"; stops adding shapes once the call has run
# PROBE_UNTIL seconds.
. results/h100/explore/probe.sh
while read -r t m n; do
  [ $SECONDS -ge ${PROBE_UNTIL:-400} ] && { echo "$t $m x $n: (time)"; continue; }
  line="$t $m x $n:"
  for pass in 1 2; do
    for h in 0 1 2 3; do
      r=$(timeout 60 .probe/step09_h$h --dtype $t --rows $m --cols $n --iters 30 2>&1)
      line="$line | h$h $(row "$r" $m $n)"
    done
  done
  echo "$line"
done <<'SHAPES'
f32 8 2097152
f32 4 4194304
f32 8 4194304
f32 1 16777216
f32 4 8388608
f32 1 4194304
f16 8 4194304
f16 4 8388608
f16 1 33554432
f32 8 8388608
f32 512 131072
SHAPES
