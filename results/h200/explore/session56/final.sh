#!/usr/bin/env bash
# Fifty-sixth session (H200), after pack.sh: pack_rows' whole packs by cp.async is the stage's
# default now (STEP08_PACK_ASYNC=0 gives the register loads of before). This times the committed
# build against that knob on every length pack_rows takes (fp32 1, 2, 3, 6; halves 2, 3, 4, 6,
# 12) in matrices of about 2^25 elements, and on three small matrices, where a launch is mostly
# latency. Each shape under each form in its own process, 30 iterations, two rounds, until
# PROBE_UNTIL seconds.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # one
. "$(dirname "$0")/../session55/group.sh"  # group
T="timeout 60"
group final 2 "$T ./step08" "STEP08_PACK_ASYNC=0 $T ./step08" <<'S'
f32 8388608 3
f16 8388608 3
bf16 8388608 3
f32 4194304 6
f16 4194304 6
bf16 4194304 6
f16 2097152 12
bf16 2097152 12
f32 16777216 2
f16 16777216 2
f16 8388608 4
f32 33554432 1
f32 65536 3
f16 262144 3
f16 65536 12
S
