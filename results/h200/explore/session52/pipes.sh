#!/usr/bin/env bash
# Fifty-second session (H200): stage 09's halves at three whole rounds, now on one pipeline (two
# from four rounds in halves), against the plan of before (STEP09_PIPELINE_ROUNDS=3: two pipelines
# from three rounds in every dtype) and stage 12, on halves of 96-128 MB in rows of 1-16 MB,
# with controls at four rounds and in fp32 (whose plan did not change). Each shape under each in
# its own process, 30 iterations; two rounds, the second while PROBE_UNTIL seconds have not passed.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # stage_rows
shapes() {
  cat <<SHAPES
f16 48 1048576
f16 56 1048576
f16 64 1048576
f16 24 2097152
f16 28 2097152
f16 32 2097152
bf16 64 1048576
bf16 32 2097152
f16 96 524288
f16 12 4194304
f16 6 8388608
bf16 6 8388608
f16 128 524288
f16 8 8388608
f32 24 1048576
SHAPES
}
c="STEP09_PIPELINE_ROUNDS=3,step09 step09 step12"
for round in 1 2; do shapes | stage_rows "$c"; done
