#!/usr/bin/env bash
# Forty-ninth session (H200): stage 08 before exp_ftz ($SP/base: ftz-adopt.patch reversed) and
# after ("./step08") on short rows, after final.sh found fp32 4194304 x 7 2% slower: the rows
# not in packs that staged_rows takes (N = 3 .. 511), teams of a row (N = 1024, 4096) and halves.
# Each shape under each build in its own process, 30 iterations, two rounds.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # variants
variants 2 "$SP/base/step08" "./step08" <<'SHAPES'
f32 4194304 7
f32 8388608 3
f32 1048576 31
f32 262144 127
f32 65536 511
f32 65536 1024
f32 16384 4096
f16 4194304 7
f16 1048576 63
bf16 2097152 33
SHAPES
