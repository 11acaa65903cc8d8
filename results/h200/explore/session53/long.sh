#!/usr/bin/env bash
# Fifty-third session (H200): stage 09 on rows longer than the grid holds (44 MB), three plans:
# the registers-only chunks of before (STEP09_LONG=registers), one row a round in chunks as large
# as a block holds (=hybrid: each block keeps its last chunk on chip and reads the others twice),
# the same on two pipelines (=pipes, rows of 4 and 8 only); and the hybrid plan built with
# hint.patch: the kept chunk's loads evict_first (STEP09_HINT=1), the others' also evict_last (=2).
# Each shape under each in its own process, 30 iterations; rounds while PROBE_UNTIL seconds have
# not passed. One line a shape: "DTYPE M x N: | variant µs us % | ...".
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # row
shapes() {
  cat <<SHAPES
f32 1 16777216
f16 1 33554432
f32 4 16777216
f32 8 16777216
f16 4 33554432
f16 8 33554432
bf16 1 33554432
f32 1 33554432
f32 4 33554432
f32 1 67108864
f16 1 67108864
SHAPES
}
run() {  # LABEL BINARY ENV... on $t $m $n
  local label=$1 bin=$2 r; shift 2
  r=$(env "$@" timeout 60 ./$bin --dtype $t --rows $m --cols $n --iters 30 2>&1)
  line="$line | $label $(row "$r" $m $n)"
}
for round in 1 2 3; do
  [ $SECONDS -ge "${PROBE_UNTIL:-100000}" ] && break
  shapes | while read -r t m n; do
    if [ $SECONDS -ge "${PROBE_UNTIL:-100000}" ]; then echo "$t $m x $n: (time)"; break; fi
    line="$t $m x $n:"
    run registers step09 STEP09_LONG=registers
    run hybrid step09 STEP09_LONG=hybrid
    [ $m -gt 1 ] && run pipes step09 STEP09_LONG=pipes
    run hint1 step09_hint STEP09_LONG=hybrid STEP09_HINT=1
    run hint2 step09_hint STEP09_LONG=hybrid STEP09_HINT=2
    echo "$line"
  done
done
