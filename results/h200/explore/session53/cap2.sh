#!/usr/bin/env bash
# Fifty-third session (H200): two pipelines' chunks at most 16 packs a thread as well
# (STEP09_PIPE_CAP=2) against the whole grid's cap alone (the default), on the matrices whose whole
# grid takes chunks of 19-20 packs (so the first cap leaves them as they were), and stage 12,
# which the rules give most of them. Each shape under each in its own process, 30 iterations; two
# rounds, the second while PROBE_UNTIL seconds have not passed. Run at 476b914, where
# STEP09_PIPE_CAP=2 meant the 16-pack cap; from 1aeb27a that is the default, and
# c="STEP09_PIPE_CAP=whole,step09 step09 step12" compares the same plans.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # stage_rows
shapes() {
  cat <<SHAPES
f16 56 1048576
f16 80 1048576
f16 96 1048576
f16 28 2097152
f16 40 2097152
f16 256 524288
f32 28 1048576
f32 48 1048576
f32 56 524288
f32 80 524288
f32 64 1048576
SHAPES
}
c="step09 STEP09_PIPE_CAP=2,step09 step12"
for round in 1 2; do shapes | stage_rows "$c"; done
