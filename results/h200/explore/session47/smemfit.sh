#!/usr/bin/env bash
# Forty-seventh session (H200): the timeline (timeline.sh) shows stage 09's rounds loading 32 MB in
# about 16 us even with no softmax work, where the rounds probe (explore/session46/rounds.cu) copied
# in the same geometry about 11 us faster over two rounds. One difference between the two: stage
# 09 launches every shared-memory kernel with all 13 slices (104 KB a block, 208 KB an SM) whatever
# its chunk uses; the probe launched with the slots it used (64 KB a block at 8). What an SM does
# not give to shared memory is its L1, through which the register loads (__ldg) pass.
# smemfit.patch: STEP09_SMEM_FIT=1 launches with the slices the longest chunk uses. The base
# binary, the patched one without the variable (the same plan: the noise between builds) and with
# it; each shape under each, its own process, 30 iterations, two rounds (probe.sh's variants).
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # variants
variants 2 "./step09" "$SP/fit/step09" "STEP09_SMEM_FIT=1 $SP/fit/step09" <<'SHAPES'
f32 8 2097152
f32 4 4194304
f16 8 4194304
bf16 8 4194304
f32 8 4194304
f16 8 8388608
f32 4 8388608
f32 8 1048576
SHAPES
