#!/usr/bin/env bash
# Fifty-fourth session (H200): matrices of two whole rounds (one pipeline in the build's plan) on
# two pipelines (STEP09_PIPE_ROUNDS=2: from two rounds, not three), against the plan and stage 12.
# The 64 MB shapes are the sweeps' few-row ones; the 80 MB ones take 157 KB chunks on the whole grid
# (20 packs a thread), 124-128 KB on half of it; 48 MB is the smallest. Each shape under each in its
# own process, 30 iterations; two rounds, the second while PROBE_UNTIL seconds have not passed.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # stage_rows
shapes() {
  cat <<SHAPES
f32 8 2097152
f32 4 4194304
f32 16 1048576
f32 20 1048576
f32 40 524288
f32 12 1048576
f16 8 4194304
f16 4 8388608
f16 16 2097152
f16 32 1048576
f16 20 2097152
f16 40 1048576
f16 12 2097152
bf16 8 4194304
bf16 4 8388608
bf16 20 2097152
SHAPES
}
c="step09 STEP09_PIPE_ROUNDS=2,step09 step12"
for round in 1 2; do shapes | stage_rows "$c"; done
