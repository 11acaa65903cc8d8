#!/usr/bin/env bash
# Forty-seventh session (H200), after persist1.sh and persist2.sh: stage 10's persistent wide kernel
# on clusters of one was 2.3-8.9% faster than stage 08's wider block on halves rows of 288-336 KB.
# The peers script's "models" sweep has one such row: a vocabulary of 151936 (Qwen 2) in halves,
# 297 KB; 128256 (Llama 3, 250.5 KB) takes the 8-slice block. Each shape under each, its own
# process, 30 iterations, three rounds (probe.sh's variants): the dispatcher, stage 08, and the
# persistent form. $S47: the patched build.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # variants
W="STEP10_FORM=wide STEP10_CLUSTER=1"
variants 3 "./step11" "./step08" "$W STEP10_PERSISTENT=on $S47/step10" <<'SHAPES'
f16 4096 151936
bf16 4096 151936
f16 4096 128256
SHAPES
