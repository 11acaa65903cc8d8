#!/usr/bin/env bash
# Sixty-first session (H200), the last call: the stage with warp_rows on rows of 64 packs too
# (2 rows a warp, 2-warp blocks) against STEP08_WARP_ROWS=0, on fp32 rows of 136, 200 and 256
# (34, 50 and 64 packs) and 512 at about 64 and 128 MB. Each run its own process, 30 iterations,
# three rounds alternately.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # one
. "$(dirname "$0")/../session55/group.sh"            # group
group verify 3 ./step08 "STEP08_WARP_ROWS=0 ./step08" <<'S'
f32 131072 256
f32 65536 256
f32 163840 200
f32 246724 136
f32 65536 512
S
