#!/usr/bin/env bash
# Forty-seventh session (H200): stage 09's plan on the few-row shapes, drawn on the H100, tried
# here. Its knobs (docs/09_cooperative.md): STEP09_PIPELINES=0 keeps the whole grid on every round;
# STEP09_ROUNDS=0 takes every row in one round; pipelines2.patch adds STEP09_PIPELINES_AT=2, two
# pipelines from two rounds on (the plan starts at three: at two they were no faster in fp32 and
# 9% slower in fp16 on the H100). Each shape under each, its own process, 30 iterations, two rounds
# (probe.sh's variants). The patched binary without the knob runs the same plan as ./step09 on the
# shapes of three rounds or more: the noise between two builds. $S47 is the patched build.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # variants
variants 2 "./step09" "STEP09_PIPELINES=0 ./step09" "STEP09_ROUNDS=0 ./step09" \
  "STEP09_PIPELINES_AT=2 $S47/step09" <<'SHAPES'
f32 8 2097152
f32 4 4194304
f16 8 4194304
f16 4 8388608
f32 8 4194304
f32 4 8388608
f32 8 8388608
f16 8 8388608
SHAPES
