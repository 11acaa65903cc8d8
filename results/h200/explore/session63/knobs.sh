#!/usr/bin/env bash
# Sixty-third session (H200), the first call: the groups of one pack (fp32 rows of 2, and of 4
# through the same kernel under STEP08_PACK_WHOLE=1) under knobs.patch (build/v_knobs/step08):
# blocks of 128, 512 or 1024 threads (STEP08_PACK_THREADS; the stage has 256), stores
# st.global.cs (STEP08_PACK_CS=1) and loads ld.global.cs too (=2), two groups a thread in blocks of
# 128 (STEP08_PACK_G=2: a block's 256 packs, as a Triton program of 1024 floats on 4 warps),
# against the stage as it is. These are the two "small" shapes where torch.compile is ahead
# (0.4-1.1%). Each run its own process, 30 iterations, three rounds.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # one
. "$(dirname "$0")/../session55/group.sh"            # group
V=build/v_knobs/step08
W=STEP08_PACK_WHOLE=1
group knobs 3 ./step08 "$W $V" "$W STEP08_PACK_THREADS=128 $V" "$W STEP08_PACK_THREADS=512 $V" \
  "$W STEP08_PACK_THREADS=1024 $V" "$W STEP08_PACK_CS=1 $V" "$W STEP08_PACK_CS=2 $V" \
  "$W STEP08_PACK_THREADS=128 STEP08_PACK_G=2 $V" "$W STEP08_PACK_THREADS=1024 STEP08_PACK_CS=1 $V" <<'S'
f32 16777216 2
f32 8388608 4
f16 16777216 2
S
