#!/usr/bin/env bash
# Fifty-seventh session (H200), after odd2.sh: in pairs a team holds odd rows one longer than its
# slots (the pairs fill every slot and the element alone rides beside them), so rows of 9, 17, 33,
# 65, 129, 257 and 513 take the team before the one they took at 6d1fd02. The build under test
# (./step08) against 6d1fd02's (build/base/step08, built for sm_90 on the build machine and
# carried), alternately, base, new, base, new, each in its own process, 30 iterations; rows of 25
# and 10 halves (their teams unchanged) are the controls. About 64 MB each (x alone).
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # ab
[ -x build/base/step08 ] || gunzip -k build/base/step08.gz  # carried compressed
BASE=build/base NEW=.
while read -r t m n; do
  ab odd3 $t $m $n step08
done <<'S'
f16 3728270 9
f16 2581110 13
f16 1973790 17
f16 1016800 33
f16 516222 65
f16 260111 129
f16 130561 257
f16 65408 513
bf16 1973790 17
bf16 1016800 33
bf16 260111 129
f32 1864135 9
f32 986895 17
f32 508400 33
f32 258111 65
f32 130055 129
f32 65280 257
f16 1342177 25
f16 3355443 10
S
