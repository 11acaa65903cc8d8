#!/usr/bin/env bash
# Fifty-sixth session (H200), after shortrows.sh: Nsight Compute found stage 08's staged_rows
# (short halves rows not in packs: 10 and 50 elements) issuing an instruction on 78-85% of cycles,
# its SM at 72-81% of its throughput: the arithmetic a row, not the memory, bounds it. The build
# under test (staged.patch) has two knobs: STEP08_STAGED_PAIRS=0 keeps one element a shared-memory
# access (else a lane takes even rows two elements at a time, one 4- or 8-byte access a pair);
# STEP08_STAGED_TIGHT=0 keeps the loops over every slot of the team's E (else they stop at the
# lane's last element of the row: a row of 10 on teams of 2 lanes x 8 fills 10 of 16 slots).
# Each shape under each form in its own process, 30 iterations, two rounds, until PROBE_UNTIL.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # one
. "$(dirname "$0")/../session55/group.sh"  # group
T="timeout 60"
group staged 2 "STEP08_STAGED_PAIRS=0 STEP08_STAGED_TIGHT=0 $T ./step08" "STEP08_STAGED_TIGHT=0 $T ./step08" \
  "STEP08_STAGED_PAIRS=0 $T ./step08" "$T ./step08" <<'S'
f16 4194304 10
bf16 4194304 10
f16 524288 50
bf16 524288 50
f16 65536 500
bf16 65536 500
f32 4194304 10
f32 524288 50
f32 65536 500
f16 1048576 25
f16 262144 10
S
