#!/usr/bin/env bash
# Fifty-seventh session (H200), the last call: staged_rows' teams of 8 lanes x 14 (rows of 65-112),
# 16 x 12 (129-192), 32 x 12 (257-384) and 32 x 24 (513-768), which waste fewer slots than the
# teams of 8 elements a lane above them. The build under test (./step08) against fb9820d's
# (build/base/step08, built for sm_90 on the build machine and carried gzipped), alternately, base,
# new, base, new, each in its own process, 30 iterations; rows of 50 and 500 halves (their teams
# unchanged) are the controls. About 64 MB each (x alone).
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # ab
[ -x build/base/step08 ] || gunzip -k build/base/step08.gz  # carried compressed
BASE=build/base NEW=.
while read -r t m n; do
  ab fine2 $t $m $n step08
done <<'S'
f16 338933 99
f16 335544 100
f16 302292 111
f16 223696 150
f16 175677 191
f16 111848 300
f16 87609 383
f16 55924 600
f16 47934 700
f16 43747 767
bf16 335544 100
bf16 175677 191
bf16 47934 700
f32 169466 99
f32 111848 150
f32 87838 191
f32 43804 383
f16 671088 50
f16 67108 500
S
