#!/usr/bin/env bash
# Forty-seventh session (H200), after pipelines.sh: stage 09's two pipelines were 6.5% slower than
# one on fp16 8 x 2^23 (rows of 16 MB, four rounds on the whole grid) and 4% faster on fp32
# 8 x 2^22 (the same bytes). From how many rounds do they pay in each dtype here? Rows of 16 MB
# (and 8 MB) in 3-8 rounds, stage 09 as planned and with STEP09_PIPELINES=0; each shape under
# each, its own process, 30 iterations, two rounds (probe.sh's variants).
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # variants
variants 2 "./step09" "STEP09_PIPELINES=0 ./step09" <<'SHAPES'
f16 6 8388608
f16 8 8388608
f16 12 8388608
f16 16 8388608
f16 16 4194304
f16 24 4194304
bf16 8 8388608
bf16 16 8388608
f32 6 4194304
f32 8 4194304
f32 12 4194304
f32 16 4194304
f32 16 2097152
SHAPES
