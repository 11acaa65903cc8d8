#!/usr/bin/env bash
# Fifty-seventh session (H200), the last call: the final build's staged_rows (odd rows in pairs,
# a team holding odd rows one longer than its slots) against STEP08_STAGED_ODD=0 (odd rows one
# element an access on the teams that hold them so, as at 08c59b9), odd lengths from 5 to 1023 in
# matrices of about 64 MB (x alone); rows of 10 and 12 halves (even, unchanged) are the controls.
# Each shape under each form in its own process, 30 iterations, two rounds, until PROBE_UNTIL
# seconds.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # one
. "$(dirname "$0")/../session55/group.sh"  # group
T="timeout 60"
group odd4 2 "$T ./step08" "STEP08_STAGED_ODD=0 $T ./step08" <<'S'
f16 6710886 5
f16 4793490 7
f16 3728270 9
f16 3050402 11
f16 2581110 13
f16 2236962 15
f16 1973790 17
f16 1597830 21
f16 1342177 25
f16 1082401 31
f16 1016800 33
f16 745654 45
f16 610080 55
f16 588674 57
f16 532610 63
f16 516222 65
f16 338933 99
f16 264208 127
f16 260111 129
f16 175677 191
f16 131586 255
f16 130561 257
f16 87609 383
f16 65664 511
f16 65408 513
f16 43747 767
f16 33520 1001
f16 32800 1023
bf16 3050402 11
bf16 1973790 17
bf16 1342177 25
bf16 1016800 33
bf16 745654 45
bf16 264208 127
bf16 260111 129
bf16 65664 511
f32 3355443 5
f32 2396745 7
f32 1864135 9
f32 1525201 11
f32 986895 17
f32 671088 25
f32 508400 33
f32 372827 45
f32 258111 65
f32 132104 127
f32 130055 129
f32 65793 255
f32 65280 257
f32 32832 511
f16 3355443 10
f16 2796202 12
S
