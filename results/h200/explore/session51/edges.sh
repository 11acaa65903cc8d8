#!/usr/bin/env bash
# Fifty-first session (H200): stage 09 (two pipelines on the shared memory they use) against
# stage 12 around the bounds that rules.sh suggested for an amendment of fp32 rule 14 (09 from
# about 96 MB, 12 below), and along halves rule 28 past 64 MB (rows of 1, 2 and 4 MB), where
# rules.sh was mixed. Each shape under each in its own process, 30 iterations; two rounds, the
# second while PROBE_UNTIL seconds have not passed.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # stage_rows
shapes() {
  cat <<SHAPES
f32 22 1048576
f32 28 1048576
f32 32 1048576
f32 36 1048576
f32 48 1048576
f32 44 524288
f32 56 524288
f32 64 524288
f32 80 524288
f32 112 262144
f32 128 262144
f16 56 1048576
f16 80 1048576
f16 96 1048576
f16 160 524288
f16 192 524288
f16 224 524288
f16 32 2097152
f16 40 2097152
bf16 128 1048576
SHAPES
}
shapes | stage_rows "step12 step09"
shapes | stage_rows "step12 step09"
