#!/usr/bin/env bash
# Fifty-ninth session (H200), the second call: 1 / sum as one MUFU.RCP (fast_exp.cuh's rcp_approx)
# in pack_rows, staged_rows and the teams of up to a warp, and pack_rows' groups of one pack two or
# four a thread (STEP08_PACK_GROUPS, trial), against 25195c4's stage 08 (build/base/step08, built
# on the device from its source), alternately, two rounds, each run its own process, 30 iterations.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # one
. "$(dirname "$0")/../session55/group.sh"            # group
. "$(dirname "$0")/odd_m.sh"                         # odd_m_checks
group groups 2 build/base/step08 ./step08 "STEP08_PACK_GROUPS=2 ./step08" "STEP08_PACK_GROUPS=4 ./step08" <<'S'
f32 16777216 2
f16 16777216 2
bf16 16777216 2
f16 8388608 4
bf16 8388608 4
S
echo "== checks of the groups (at ${SECONDS}s)"
for g in 2 4; do odd_m_checks "groups $g" STEP08_PACK_GROUPS=$g timeout 60 ./step08; done
group rcp 2 build/base/step08 ./step08 <<'S'
f32 8388608 3
f16 8388608 3
bf16 8388608 3
f16 2097152 12
f32 8388608 4
f32 4194304 8
f16 4194304 8
f16 4194304 10
bf16 4194304 10
f16 524288 50
bf16 524288 50
f32 524288 50
f16 65536 500
bf16 65536 500
f16 516222 65
f16 130561 257
f32 65536 512
f16 32800 1023
f32 65793 255
f16 1016800 33
S
