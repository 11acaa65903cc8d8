#!/usr/bin/env bash
# Fifty-eighth session (H200), the second call: the first call's change as kept. exp_sum's FFMA in
# staged_rows and now pack_rows too (stage 08's rows not in 16-byte packs); the teams of fewer
# lanes for halves only (floats were 0.8-1.2% slower on them in fewer/), and 2 x 22 for 2 x 26
# (rows of 50 and 52 were 1-2% slower on it than on 4 x 14). Each shape under three builds in turn,
# two rounds, each run its own process, 30 iterations:
#   base   17e099d's stage 08 (build/base/step08, built for sm_90 on the build machine, gzipped)
#   ffma   this tree's with STEP08_STAGED_FEWER=0 (the FFMA alone)
#   new    this tree's
# About 64 MB of x each, or the peers' "small" sweep's shape. Rows of 2, 3, 6 and 12 are
# pack_rows'; 50 and 52 are back on 4 x 14, floats on the teams of before.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # one
. "$(dirname "$0")/../session55/group.sh"            # group
[ -x build/base/step08 ] || gunzip -k build/base/step08.gz  # carried compressed
group fewer2 2 build/base/step08 "STEP08_STAGED_FEWER=0 ./step08" ./step08 <<'S'
f16 4194304 10
bf16 4194304 10
bf16 3050402 11
f16 1597830 21
f16 958698 35
f16 838860 40
f16 762600 44
bf16 745654 45
f16 524288 50
bf16 524288 50
f16 645277 52
f16 8388608 3
bf16 8388608 3
f16 16777216 2
f16 5592405 6
f16 2796202 12
f32 16777216 2
f32 8388608 3
f32 2796202 6
f32 4194304 10
f32 799063 21
f32 524288 50
S
