#!/usr/bin/env bash
# Forty-eighth session (H200): the dispatcher (stage 11) at the session's last kernels on the
# sweep's few-row shapes of 64 and 128 MB, each in its own process, 30 iterations, one run (the
# device time left allowed no more). The sweeps of ffbb6ca (results/h200/step11*_ffbb6ca.json) ran
# the kernels from before the session on the same shapes.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # variants
variants 1 "./step11" <<'SHAPES'
f32 8 2097152
f32 4 4194304
f32 1 16777216
f32 8 4194304
f32 4 8388608
f32 1 33554432
f16 8 4194304
f16 4 8388608
f16 1 33554432
f16 8 8388608
f16 4 16777216
bf16 8 4194304
bf16 4 8388608
bf16 1 33554432
bf16 8 8388608
bf16 4 16777216
SHAPES
