#!/usr/bin/env bash
# Forty-eighth session (H200): stage 09 as committed (its chunk's load pinned in a loop for rows in
# packs; shifted rows in straight-line code, their SASS unchanged) against the tree before the pin
# ($SP/base: pin.patch reversed), and two ways to execute fewer instructions (instr.patch): `ftz`,
# the exponentials by ex2.approx.ftz (3 SASS instructions where __expf takes 6: it fixes up results
# below 2^-126), and `both`, that and the slice loops cut to the slices a thread's chunk reaches
# (PROBE_LIVE). ncu3 found stage 09 executing 30% more instructions than the ladder's exp-L, and
# both of them 37% of theirs in the exponentials. Each shape under each build in its own process,
# 30 iterations, two rounds (probe.sh's variants). The last five shapes take the registers-only
# kernels, whose SASS the pin's refactoring reordered (a few registers more or fewer, the same
# blocks per SM).
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # variants
variants 2 "$SP/base/step09" "./step09" "$SP/ftz/step09" "$SP/both/step09" <<'SHAPES'
f32 8 2097152
f16 8 4194304
bf16 8 4194304
f32 8 4194304
f16 4 16777216
f32 4 1048576
f16 8 1048576
bf16 2 2097152
f32 8 262144
f16 4 524288
SHAPES
