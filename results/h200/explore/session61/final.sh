#!/usr/bin/env bash
# Sixty-first session (H200), the third call: the stage with warp_rows (fp32 rows of 1-2 KB in
# packs on many rows, 2 rows a warp in 1-warp blocks) against STEP08_WARP_ROWS=0 (the deep teams
# as at HEAD before), on rows of 512 at 16-256 MB and rows of 260, 388 and 500 at 128 MB; then
# rows of 256, which warp_rows does not take, under rows256.patch's 2x2 and 4x1 forms
# (build/v_rows256/step08: STEP08_WROWS on rows of up to 128 packs) against the stage. Each run
# its own process, 30 iterations, three rounds alternately.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # one
. "$(dirname "$0")/../session55/group.sh"            # group
group final 3 ./step08 "STEP08_WARP_ROWS=0 ./step08" <<'S'
f32 65536 512
f32 8192 512
f32 16384 512
f32 32768 512
f32 49152 512
f32 98304 512
f32 131072 512
f32 129055 260
f32 86475 388
f32 67109 500
S
V=build/v_rows256/step08
group rows256 3 ./step08 "STEP08_WROWS=2x2 $V" "STEP08_WROWS=4x1 $V" <<'S'
f32 16384 256
f32 32768 256
f32 65536 256
f32 131072 256
f32 262144 256
S
