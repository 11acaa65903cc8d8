#!/usr/bin/env bash
# Fifty-fourth session (H200), second call: the plan with two pipelines from two whole rounds in
# fp32 and where the whole grid's chunks pass 16 packs a thread (the build's default), on 72-80 MB
# matrices it changes, against the plan of three rounds (STEP09_PIPE_ROUNDS=3) and stage 12; then
# the half grid's chunks bound by 16 packs a thread alone (STEP09_PIPE_CAP=packs, not also by the
# whole grid's), on shapes where that takes fewer rounds, against the default and 12; then four
# 80-92 MB shapes neither changes, against 12 (the gap between the H200's amendments of rules 14
# and 28). Each shape under each in its own process, 30 iterations; two rounds, the second while
# PROBE_UNTIL seconds have not passed.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # stage_rows
rounds="step09 STEP09_PIPE_ROUNDS=3,step09 step12"
packs="step09 STEP09_PIPE_CAP=packs,step09 step12"
shapes() {
  cat <<SHAPES
f32 18 1048576 $rounds
f32 36 524288 $rounds
f32 10 2097152 $rounds
f16 36 1048576 $rounds
f16 18 2097152 $rounds
f16 10 4194304 $rounds
bf16 36 1048576 $rounds
bf16 10 4194304 $rounds
f32 21 1048576 $packs
f32 44 524288 $packs
f32 80 262144 $packs
f32 144 131072 $packs
f32 110 196608 $packs
f32 112 262144 $packs
f16 44 1048576 $packs
f16 80 524288 $packs
f16 112 524288 $packs
f16 192 196608 $packs
f16 200 262144 $packs
bf16 44 1048576 $packs
f32 5 4194304 step09 step12
f32 23 1048576 step09 step12
f16 22 2097152 step09 step12
f16 5 8388608 step09 step12
SHAPES
}
for round in 1 2; do shapes | stage_rows "$rounds"; done
