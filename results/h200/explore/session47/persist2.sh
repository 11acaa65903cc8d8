#!/usr/bin/env bash
# Forty-seventh session (H200), after persist1.sh: stage 10's persistent wide kernel on clusters of
# one was level with stage 08 on rows of 256 KB and 4.7% faster on fp16 rows of 320 KB, where
# stage 08 runs its wider block (13 slices of shared memory). The same on other rows that take the
# wider block (bf16, fp32, 288 and 336 KB, fewer rows), beside the dispatcher. Each shape under
# each, its own process, 30 iterations, two rounds (probe.sh's variants). $S47: the patched build.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # variants
W="STEP10_FORM=wide STEP10_CLUSTER=1"
variants 2 "./step11" "./step08" "$W STEP10_PERSISTENT=on $S47/step10" <<'SHAPES'
bf16 2048 163840
f32 2048 81920
f16 2048 172032
f16 2048 147456
f16 512 163840
SHAPES
