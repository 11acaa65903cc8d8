#!/usr/bin/env bash
# Sixty-third session (H200), the second call: the groups of one pack under knobs2.patch
# (build/v_knobs2/step08; knobs.patch's knobs, and STEP08_PACK_CS=3 loads plain ld.global, =4
# ld.global.L1::no_allocate, =5 ld.global.L2::256B, where the stage's loads are ld.global.nc):
# torch.compile's kernel for these rows loads with plain ld.global, 2 packs a thread in blocks of
# 128 (inductor.txt of the first call). Fp32 rows of 4 through the same kernel under
# STEP08_PACK_WHOLE=1. The patch with no knob set is the stage's kernels. Each run its own
# process, 30 iterations, three rounds.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # one
. "$(dirname "$0")/../session55/group.sh"            # group
V=build/v_knobs2/step08
W=STEP08_PACK_WHOLE=1
group knobs2 3 "$V" "$W $V" "$W STEP08_PACK_CS=3 $V" "$W STEP08_PACK_CS=4 $V" "$W STEP08_PACK_CS=5 $V" \
  "$W STEP08_PACK_THREADS=128 STEP08_PACK_CS=3 $V" "$W STEP08_PACK_THREADS=128 STEP08_PACK_G=2 STEP08_PACK_CS=3 $V" <<'S'
f32 16777216 2
f32 8388608 4
f16 16777216 2
S
