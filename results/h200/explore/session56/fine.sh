#!/usr/bin/env bash
# Fifty-sixth session (H200), after last.sh: staged_rows is bound by its instructions, and a row
# of 10 on its team of 2 lanes x 8 runs 16 slots, a row of 50 on 8 x 8 runs 64. The build under
# test adds two configurations that waste fewer, 2 x 6 (rows of 9-12) and 4 x 14 (rows of 33-56),
# and STEP08_STAGED_FINE=0 skips them (the stage as at 39a5cd0). Rows of 25 and pack_rows' rows of
# 12 are controls (their kernels did not change). Each shape under each form in its own process,
# 30 iterations, two rounds, until PROBE_UNTIL seconds.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # one
. "$(dirname "$0")/../session55/group.sh"  # group
T="timeout 60"
group fine 2 "$T ./step08" "STEP08_STAGED_FINE=0 $T ./step08" <<'S'
f16 4194304 10
bf16 4194304 10
f32 4194304 10
f16 524288 50
bf16 524288 50
f32 524288 50
f16 1048576 11
f16 700000 45
f16 1048576 25
f16 2097152 12
S
