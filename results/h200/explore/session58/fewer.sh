#!/usr/bin/env bash
# Fifty-eighth session (H200), the first call: staged_rows (stage 08's short rows not in 16-byte
# packs) with exp_sum's FFMA (one instruction an element fewer) and three teams of fewer lanes,
# 1 x 10 (rows of 10, and 11 odd), 2 x 12 (17-24, 25 odd) and 2 x 26 (33-52, 53 odd). Each shape
# under three builds in turn, two rounds, each run its own process, 30 iterations:
#   base   17e099d's stage 08 (build/base/step08, built for sm_90 on the build machine, gzipped)
#   ffma   this tree's with STEP08_STAGED_FEWER=0 (the FFMA alone)
#   new    this tree's (the FFMA and the three teams)
# About 64 MB of x each, or the peers' "small" sweep's shape; rows of 9, 12, 100, 300 and 700 keep
# their teams (the FFMA alone).
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # one
. "$(dirname "$0")/../session55/group.sh"            # group
[ -x build/base/step08 ] || gunzip -k build/base/step08.gz  # carried compressed
group fewer 2 build/base/step08 "STEP08_STAGED_FEWER=0 ./step08" ./step08 <<'S'
f16 4194304 10
bf16 4194304 10
f16 3050402 11
bf16 3050402 11
f16 3728270 9
f16 2796202 12
f16 1864135 18
f16 1597830 21
bf16 1597830 21
f16 1398101 24
f16 1342177 25
f16 958698 35
f16 745654 45
f16 524288 50
bf16 524288 50
f16 645277 52
f16 335544 100
f16 111848 300
f16 47934 700
f32 4194304 10
f32 799063 21
f32 524288 50
f32 65536 500
S
