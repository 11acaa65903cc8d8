#!/usr/bin/env bash
# Fifty-eighth session (H200), the last call: the final build (exp_sum and the halves teams of
# fewer lanes in staged_rows; pack_rows back to exp_ftz, its SASS 17e099d's again, after the
# FFMA there took fp16 rows of 2 and 12 1.6-2.1% slower in final/fewer2.txt) against 17e099d's
# stage 08 (build/base/step08, built on the device from its source), alternately, three rounds,
# each run its own process, 30 iterations. About 64 MB of x each, or the peers' "small" sweep's
# shape; rows of 2, 3 and 12 are pack_rows' (the controls), 65 and 150 keep their teams.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # one
. "$(dirname "$0")/../session55/group.sh"            # group
group fewer3 3 build/base/step08 ./step08 <<'S'
f16 16777216 2
f16 2796202 12
bf16 8388608 3
f32 16777216 2
f32 8388608 3
f16 4194304 10
bf16 4194304 10
f16 3050402 11
f16 1864135 18
bf16 1597830 21
f16 1342177 25
f16 958698 35
f16 745654 45
bf16 745654 45
f16 524288 50
f16 516222 65
f16 223696 150
f32 4194304 10
S
