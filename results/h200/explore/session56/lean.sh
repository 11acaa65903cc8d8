#!/usr/bin/env bash
# Fifty-sixth session (H200): stage 08's lean teams (x kept in packs, exp twice, registers capped)
# on rows off the 16-byte boundary, which until now kept their capped or uncapped teams. The
# build under test lets the lean kernels take shifted rows (capped at 40 registers in both halves:
# fp16 spills 34-36 bytes at 32) and bf16's block teams and 8-warp teams too, only for shifted rows.
# STEP08_LEAN_SHIFTED=0 gives the stage as it was on those rows; STEP08_LEAN_WARPS=32 lets teams
# of 17-32 warps go lean as well (16 is the stage's bound). Each shape under each form in its own
# process, 30 iterations, two rounds, until PROBE_UNTIL seconds.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # one
. "$(dirname "$0")/../session55/group.sh"  # group
T="timeout 60"
# Block teams of 3-13 warps: lean or not.
group lean 2 "STEP08_LEAN_SHIFTED=0 $T ./step08" "$T ./step08" <<'S'
f16 4096 8193
bf16 4096 8193
f16 2048 4097
bf16 2048 4097
f16 4096 2049
bf16 4096 2049
f16 2048 12289
bf16 2048 12289
f16 2048 16384
S
# Block teams of 17-25 warps: also past the 16-warp bound.
group lean32 2 "STEP08_LEAN_SHIFTED=0 $T ./step08" "STEP08_LEAN_WARPS=32 $T ./step08" <<'S'
f16 2048 16385
bf16 2048 16385
f16 512 16385
f16 2048 24577
S
