#!/usr/bin/env bash
# Sixty-second session (H200), the third call: pack_rows' groups of one pack (fp32 rows of 1-2,
# halves 1, 2, 4) G to a thread (groups.patch, STEP08_PACK_G=2 / 4; build/v_groups/step08: a
# block's G x 256 consecutive packs, all G loads first), against the stage (one a thread); then
# rows of exactly one pack (fp32 4, halves 8), which the teams take, through the same kernel
# (STEP08_PACK_WHOLE=1) at G = 1, 2, 4. Each run its own process, 30 iterations, three rounds
# alternately.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # one
. "$(dirname "$0")/../session55/group.sh"            # group
V=build/v_groups/step08
group groups 3 ./step08 "STEP08_PACK_G=2 $V" "STEP08_PACK_G=4 $V" <<'S'
f32 16777216 2
f32 33554432 2
f32 4194304 2
f16 16777216 2
bf16 16777216 2
f16 8388608 4
S
group whole 3 ./step08 "STEP08_PACK_WHOLE=1 $V" "STEP08_PACK_WHOLE=1 STEP08_PACK_G=2 $V" "STEP08_PACK_WHOLE=1 STEP08_PACK_G=4 $V" <<'S'
f32 8388608 4
f32 2097152 4
f16 8388608 8
f16 16384 8
S
