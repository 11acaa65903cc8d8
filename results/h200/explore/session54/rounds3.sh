#!/usr/bin/env bash
# Fifty-fourth session (H200), third call: the half grid's rows a round by cost
# (STEP09_PIPE_CAP=cost: of those whose chunks keep within 16 packs a thread, the fewest
# rounds x (48 KB + a chunk's bytes)), against the build's default (chunks no larger than the whole
# grid's and 16 packs). First the shapes where it picks what neither the default nor the 16-pack
# bound alone (STEP09_PIPE_CAP=packs) picks, then six of the second call's, where it picks one of
# theirs. Each shape under each in its own process, 30 iterations; two rounds, the second while
# PROBE_UNTIL seconds have not passed.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # stage_rows
both="step09 STEP09_PIPE_CAP=cost,step09"
three="step09 STEP09_PIPE_CAP=cost,step09 STEP09_PIPE_CAP=packs,step09"
shapes() {
  cat <<SHAPES
f32 18 1048576
f32 36 524288
f32 72 262144
f32 26 786432
f32 50 655360
f16 18 2097152
f16 36 1048576
f16 72 524288
f16 88 524288
f16 96 393216
bf16 36 1048576
bf16 72 524288
f32 21 1048576 $three
f32 44 524288 $three
f32 144 131072 $three
f16 192 196608 $three
f16 200 262144 $three
f32 110 196608 $three
SHAPES
}
for round in 1 2; do shapes | stage_rows "$both"; done
