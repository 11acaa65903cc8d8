#!/usr/bin/env bash
# Forty-eighth session (H200): stage 09 with its load pinned in a loop of two steps (the registers,
# then the slices), as committed, against the tree without it (pin.patch reversed, $BASE/step09), on
# few-row shapes of the shared-memory kernel and of the registers-only kernels (whose SASS lost one
# no-op WARPSYNC).
# Each shape under each build in its own process, 30 iterations, two rounds (probe.sh's variants).
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # variants
variants 2 "$BASE/step09" "./step09" <<'SHAPES'
f32 8 2097152
f16 8 4194304
bf16 8 4194304
f32 8 4194304
f16 4 16777216
f32 1 16777216
f16 1 33554432
f32 4 1048576
f16 8 1048576
bf16 2 2097152
SHAPES
