#!/usr/bin/env bash
# Fifty-seventh session (H200): staged_rows took rows of an even length two elements a
# shared-memory access (the fifty-sixth), and rows of an odd length one at a time. The build under
# test takes odd rows in pairs too, each row's pairs from its first or second element (whichever
# is even in shared memory) and the one element left by lane 0 of its team; STEP08_STAGED_ODD=0
# keeps odd rows one element an access (the stage as at 08c59b9). A row of 10 (even, in pairs
# before and after) is the control. Each shape under each form in its own process, 30 iterations,
# two rounds, until PROBE_UNTIL seconds.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # one
. "$(dirname "$0")/../session55/group.sh"  # group
T="timeout 60"
group odd 2 "$T ./step08" "STEP08_STAGED_ODD=0 $T ./step08" <<'S'
f16 1048576 25
bf16 1048576 25
f32 1048576 25
f16 1048576 11
bf16 1048576 11
f16 700000 45
bf16 700000 45
f32 700000 45
f16 2097152 7
f16 262144 127
f16 65536 511
f16 32768 1001
f32 65536 255
f16 4194304 10
S
