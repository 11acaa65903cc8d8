#!/usr/bin/env bash
# Forty-seventh session (H200): the next row's loads in flight where one wide block holds an SM.
# Stage 08 runs rows of 256-336 KB in one 1024-thread block a row, one block an SM: while a block
# reduces and writes its row, its SM has no loads in flight (docs/h200.md, "Many long rows").
# Stage 10's persistent wide kernel already loads the next row into the packs its writes free
# (RowCache::store_then_load), but only on clusters of 2 or more; persist1.patch lets
# STEP10_PERSISTENT=on force it on clusters of one too, which makes it stage 08's wide block,
# persistent, rows by ticket. Each shape under each form, its own process, 30 iterations, three
# rounds (results/h100/explore/probe.sh's variants): stage 08, stage 10 wide on clusters of one
# (a cluster a row), and the same persistent. $S47 is the patched build (session47.run.sh).
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # variants
W="STEP10_FORM=wide STEP10_CLUSTER=1"
variants 3 "./step08" "$W STEP10_PERSISTENT=off $S47/step10" "$W STEP10_PERSISTENT=on $S47/step10" <<'SHAPES'
f16 2048 131072
bf16 2048 131072
f32 2048 65536
f16 2048 163840
SHAPES
