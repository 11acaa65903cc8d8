#!/usr/bin/env bash
# Fifty-sixth session (H200), after staged.sh: staged_rows takes rows of an even length two
# elements a shared-memory access by default now (STEP08_STAGED_PAIRS=0 gives one element an
# access, as before). This times the committed build against that knob on the rows staged.sh
# ran, and on rows of an odd length and pack_rows' as controls (their code did not change). Each
# shape under each form in its own process, 30 iterations, two rounds, until PROBE_UNTIL seconds.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # one
. "$(dirname "$0")/../session55/group.sh"  # group
T="timeout 60"
group last 2 "$T ./step08" "STEP08_STAGED_PAIRS=0 $T ./step08" <<'S'
f16 4194304 10
bf16 4194304 10
f16 524288 50
bf16 524288 50
f16 65536 500
bf16 65536 500
f32 524288 50
f16 262144 10
f16 1048576 25
f16 2097152 12
S
