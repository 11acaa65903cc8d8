#!/usr/bin/env bash
# Forty-eighth session (H200): does the order stage 09 issues a chunk's loads in change its few-row
# time? The ladder (ladder.cu) found ptxas issuing the register loads and the slices' cp.asyncs in
# different orders from one rung to the next, and the time moving with it. order.patch puts the two
# halves of load_chunk in a loop of two steps, which ptxas cannot reorder (PROBE_PIN): the register
# loads first, as stage 09's own build issues them (pinL), or the slices first (sfirst), and with
# PROBE_SUMMARISE_SLICES_FIRST the slices summarised as they land before the registers (sfirst2).
# Each shape under each build in its own process, 30 iterations, two rounds (probe.sh's variants).
# $SP: the copies' folder (session48.run.sh).
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # variants
variants 2 "./step09" "$SP/pinL/step09" "$SP/sfirst/step09" "$SP/sfirst2/step09" <<'SHAPES'
f32 8 2097152
f32 4 4194304
f32 8 4194304
f32 1 16777216
f16 8 4194304
f16 4 8388608
f16 8 8388608
SHAPES
