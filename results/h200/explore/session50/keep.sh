#!/usr/bin/env bash
# Fiftieth session (H200): the halves' register packs holding their exponentials rounded to the
# element type (keep.patch: RowCache's KEEP_HALF_EXPS, in stage 08's one-pass blocks) against
# today's, which take each halves exponential twice. Stage 08's register blocks and its 512- and
# 1024-thread wide blocks; controls whose code does not change: stage 10's wide CTAs, a team
# shape and fp32.
# Each shape under $BASE's and $NEW's build alternately, base, new, base, new, each its own
# process, 30 iterations.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # ab
while read -r t m n bin; do
  ab keep $t $m $n $bin
done <<'SHAPES'
f16 2048 24576 step08
f16 2048 32768 step08
bf16 2048 32768 step08
f16 2048 49152 step08
f16 2048 65536 step08
bf16 2048 65536 step08
f16 256 65536 step08
f16 2048 131072 step08
bf16 2048 131072 step08
f16 2048 131065 step08
f16 2048 262144 step10
f16 2048 16384 step08
f32 2048 131072 step08
SHAPES
