#!/usr/bin/env bash
# Fifty-first session (H200): stage 09's shared-memory form launched with the slices its longest
# chunk reaches (the default since this session) against all 13 (STEP09_SMEM_FIT=0, as before), on
# the few-row shapes it takes, two controls of registers-only chunks (rows longer than the chip)
# and two of 32 MB. Each shape under each in its own process, 30 iterations; three rounds, the
# later ones while PROBE_UNTIL seconds have not passed. The forty-seventh session's smemfit.patch
# timed the same launch before the forty-eighth session's changes (docs/h200.md).
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # stage_rows
shapes() {
  cat <<SHAPES
f32 8 2097152
f32 4 4194304
f32 16 1048576
f32 12 2097152
f32 8 4194304
f32 4 8388608
f32 8 8388608
f32 32 1048576
f32 128 1048576
f16 8 4194304
f16 16 2097152
f16 8 8388608
f16 4 16777216
f16 8 16777216
f16 32 1048576
f16 64 1048576
bf16 8 4194304
bf16 8 8388608
bf16 4 16777216
bf16 64 1048576
f32 64 131072
f16 32 524288
f32 1 16777216
f16 1 33554432
SHAPES
}
for round in 1 2 3; do shapes | stage_rows "STEP09_SMEM_FIT=0,step09 step09"; done
