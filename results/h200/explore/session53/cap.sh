#!/usr/bin/env bash
# Fifty-third session (H200): two pipelines with chunks capped at the whole grid's (the build's
# default) against the plan of before (STEP09_PIPE_CAP=0: the half grid's chunks as large as a
# block holds, more rows a round), one pipeline (STEP09_PIPELINES=0) and stage 12. The first nine
# shapes are those the cap changes; the last three, controls it leaves alone. Each shape under each
# in its own process, 30 iterations; two rounds, the second while PROBE_UNTIL seconds have not
# passed. Run at 09cd808; from 1aeb27a the default adds a 16-pack cap, and
# c="STEP09_PIPE_CAP=0,step09 STEP09_PIPE_CAP=whole,step09 STEP09_PIPELINES=0,step09 step12"
# compares the same plans.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # stage_rows
shapes() {
  cat <<SHAPES
f16 64 1048576
bf16 64 1048576
f16 48 1048576
f16 32 2097152
f16 24 2097152
bf16 24 2097152
f32 24 1048576
f32 32 1048576
f32 64 524288
f16 80 1048576
f16 128 524288
f16 12 4194304
SHAPES
}
c="STEP09_PIPE_CAP=0,step09 step09 STEP09_PIPELINES=0,step09 step12"
for round in 1 2; do shapes | stage_rows "$c"; done
