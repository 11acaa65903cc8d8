#!/usr/bin/env bash
# Forty-eighth session (H200): stage 09 at the end of the session (the pin, exp_ftz, the live-slice
# loops) against the tree before them ($SP/base: session.patch reversed), on the few-row shapes of
# 64 MB and more that instr.sh did not take. Each shape under each build in its own process, 30
# iterations, two rounds (probe.sh's variants).
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # variants
variants 2 "$SP/base/step09" "./step09" <<'SHAPES'
f32 4 4194304
f32 4 8388608
f32 1 33554432
f16 8 8388608
f16 1 33554432
bf16 4 8388608
f16 8 16777216
SHAPES
