#!/usr/bin/env bash
# Fifty-eighth session (H200), the fifth call: staged_rows' teams that kept their shape, on rows
# whose kernels exp_sum moved in registers (sm_90: 1 x 8 and 32 x 8 in odd pairs 40 -> 46-47, 32 x 32
# 72 -> 64), against 17e099d's stage 08 (build/base/step08, built on the device from its source),
# alternately, two rounds, each run its own process, 30 iterations, about 64 MB of x each.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # one
. "$(dirname "$0")/../session55/group.sh"            # group
group fewer4 2 build/base/step08 ./step08 <<'S'
f16 3728270 9
f16 1973790 17
f16 1016800 33
f16 516222 65
f16 264208 127
f16 260111 129
f16 131586 255
f16 130561 257
f16 65664 511
f16 33520 1001
f16 32800 1023
bf16 131586 255
bf16 32800 1023
f16 67108 500
f32 1864135 9
f32 132104 127
f32 65793 255
f32 32832 511
S
