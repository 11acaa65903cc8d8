#!/usr/bin/env bash
# Fifty-fourth session (H200), after the final build: the half grid's rows a round by cost (the
# default since 40db532) against the fifty-third session's bounds (STEP09_PIPE_CAP=16) on ten
# matrices of 96-300 MB where the two differ, larger than those that chose the constant. Each
# shape under each in its own process, 30 iterations; two rounds, the second while PROBE_UNTIL
# seconds have not passed.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # stage_rows
shapes() {
  cat <<SHAPES
f32 32 786432
f32 56 786432
f32 89 524288
f32 100 262144
f32 180 196608
f32 200 393216
f16 56 1572864
f16 100 524288
f16 196 524288
f16 232 262144
SHAPES
}
for round in 1 2; do shapes | stage_rows "step09 STEP09_PIPE_CAP=16,step09"; done
