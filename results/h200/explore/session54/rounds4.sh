#!/usr/bin/env bash
# Fifty-fourth session (H200), the final build: stage 09's plan (two pipelines from two whole rounds
# in fp32 and where the whole grid's chunks pass 16 packs a thread; the half grid's rows a round
# by cost) against stage 12 on matrices of 64-96 MB (more than 64 MB and less than 96), which the
# H200's amendments of rules 14 and 28 gave 12 before this session. Each shape under each in its
# own process, 30 iterations; two rounds, the second while PROBE_UNTIL seconds have not passed.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # stage_rows
shapes() {
  cat <<SHAPES
f32 18 1048576
f32 36 524288
f32 72 262144
f32 144 131072
f32 10 2097152
f32 20 1048576
f32 40 524288
f32 80 262144
f32 5 4194304
f32 21 1048576
f32 26 786432
f32 22 1048576
f32 44 524288
f32 23 1048576
f32 110 196608
f16 18 2097152
f16 36 1048576
f16 72 524288
f16 96 393216
f16 10 4194304
f16 20 2097152
f16 40 1048576
f16 22 2097152
f16 44 1048576
f16 88 524288
f16 5 8388608
bf16 36 1048576
bf16 20 2097152
bf16 44 1048576
bf16 10 4194304
SHAPES
}
for round in 1 2; do shapes | stage_rows "step09 step12"; done
