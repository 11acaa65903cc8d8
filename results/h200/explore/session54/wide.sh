#!/usr/bin/env bash
# Fifty-fourth session (H200), at 9e28dac (STEP09_WIDE_ROWS was taken out after this call): rows
# the whole grid holds (44 MB) but half of it does not, which the build's plan takes on the whole
# grid a row a round, on two pipelines of a row a round instead
# (STEP09_WIDE_ROWS=pipes: each block keeps its last chunk, the rest of the row is read twice),
# against stage 12. STEP09_PIPE_ROUNDS=2 throughout, so that two rows (2 x 2^23 fp32) take part;
# it changes no other shape here. Each shape under each in its own process, 30 iterations; two
# rounds, the second while PROBE_UNTIL seconds have not passed.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # stage_rows
export STEP09_PIPE_ROUNDS=2
shapes() {
  cat <<SHAPES
f32 4 8388608
f32 8 8388608
f32 2 8388608
f32 3 8388608
f32 6 6291456
f32 16 6291456
f16 4 16777216
f16 8 16777216
f16 3 16777216
bf16 4 16777216
bf16 8 16777216
SHAPES
}
c="step09 STEP09_WIDE_ROWS=pipes,step09 step12"
for round in 1 2; do shapes | stage_rows "$c"; done
