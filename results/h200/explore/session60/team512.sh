#!/usr/bin/env bash
# Sixtieth session (H200), the first call: fp32 rows of 512 on many rows (65536 x 512, where
# torch.compile's persistent reduction led stage 08 by 1.5-2.0% in three "small" sweeps). Stage 08
# runs them on a deep team, a warp a row of 4 packs a thread, 4 rows a block; torch.compile on
# 4 warps a row of one pack a thread (its .best_config / num_warps: inductor512.py). Forms, each
# run its own process, 30 iterations, two rounds alternately: HEAD's stage 08; STEP08_DEEP=0 (the
# configured team, 128 lanes of one pack); and HEAD with one patch each (build/v_NAME/step08):
# rcp (1 / sum as rcp_approx in the teams), rows8 (teams of a warp 8 rows a block, not 4), deep2
# (the deep team of rows of 128 packs 64 lanes of 2 packs).
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # one
. "$(dirname "$0")/../session55/group.sh"            # group
group team512 2 ./step08 "STEP08_DEEP=0 ./step08" build/v_rcp/step08 build/v_rows8/step08 build/v_deep2/step08 <<'S'
f32 65536 512
f32 131072 512
f32 16384 512
f32 262144 256
f32 32768 1024
S
