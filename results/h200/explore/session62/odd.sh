#!/usr/bin/env bash
# Sixty-second session (H200), a last short call: rows of 1001 (not in 16-byte packs), the one
# shape of the peers' "unpacked" sweep behind a peer (fp32 2048 x 1001, 2.3% behind the fused
# Triton kernel), under stage 08 as it is, its knobs that change the shifted team (blocks of a
# power of two warps, the reductions' five-step chain, the register path); halves
# 2048 x 1001 (84-86% of the copy) with STEP08_STAGED_ROWS=0, meant to swap staged rows for the
# shifted team (as run it swapped nothing: halves rows of 1001 are staged only from 32 MB, so
# both forms are the shifted team). A prebuilt ./step08, carried (with stage 03 too the carried
# tree passed 64 MiB).
# Each run its own process, 30 iterations, two rounds.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # one
. "$(dirname "$0")/../session55/group.sh"            # group
group odd32 2 ./step08 "STEP08_BLOCK_TEAMS=0 ./step08" "STEP08_SHORT_CHAIN=0 ./step08" \
  "STEP08_PATH=register ./step08" <<'S'
f32 2048 1001
f32 1024 1001
f32 4096 1001
f32 2048 1000
S
group odd16 2 ./step08 "STEP08_STAGED_ROWS=0 ./step08" <<'S'
f16 2048 1001
bf16 2048 1001
f16 4096 1001
S
