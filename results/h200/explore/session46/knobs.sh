#!/usr/bin/env bash
# Forty-sixth session (H200): many long rows, where the H200 runs at 88-94% of its copy (fp16/bf16
# 2048 x 2^16 .. 2^18, fp32 2048 x 2^17 .. 2^18) and the H100 at 95-97%. Does another form of the
# kernels the rules pick (stage 08's wide block, stage 10's clusters) run them closer to the copy
# here? Each shape under each variant, its own process, 30 iterations, two rounds
# (results/h100/explore/probe.sh's variants): the dispatcher, stage 08, stage 10 as the rules set
# it, with its form forced (parts: a cluster of CTAs of up to 64 KB each; wide: CTAs of 256 KB),
# with clusters of 8 parts, and with its persistent wide clusters off.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # variants
variants 2 "./step11" "./step08" "./step10" "STEP10_FORM=parts ./step10" "STEP10_FORM=wide ./step10" \
  "STEP10_FORM=parts STEP10_CLUSTER=8 ./step10" "STEP10_PERSISTENT=off ./step10" <<'SHAPES'
f16 2048 65536
f16 2048 131072
f16 2048 262144
bf16 2048 131072
f32 2048 131072
f32 2048 262144
SHAPES
