#!/usr/bin/env bash
# Sixty-second session (H200): rule 3 (fp32 rows of 260 B - 4 KB in packs up to 9 MB to stage 03)
# against stage 08 where 08 runs warp_rows (many rows of 513 B - 2 KB: from 2113 rows of 1-2 KB,
# 4225 rows of 513 B - 1 KB on a GPU of 132 x 2048 threads) or its deep teams (rows of 2-4 KB from
# 2113 rows), up to rule 3's 9 MB; 2048 x 512 and 4096 x 256 below those thresholds as controls.
# Each run its own process, 30 iterations, three rounds alternately.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # one
. "$(dirname "$0")/../session55/group.sh"            # group
group rule3 3 ./step03 ./step08 <<'S'
f32 2048 512
f32 2304 512
f32 3072 512
f32 4096 512
f32 4608 512
f32 3072 384
f32 6144 384
f32 4096 256
f32 4608 256
f32 6144 256
f32 8192 256
f32 9216 256
f32 6144 200
f32 11796 200
f32 17346 136
f32 3072 768
f32 4096 576
S
