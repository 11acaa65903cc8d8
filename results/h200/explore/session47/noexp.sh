#!/usr/bin/env bash
# Forty-seventh session (H200): what the exponentials after the row's (max, sum) is known cost.
# Stage 09 takes exp(x - max) twice per element, once for the sum and again to normalise after the
# grid barrier; stage 08's halves blocks (and fp32's of more than 8 slices) do too. noexp.patch
# normalises without the second one (y = x / sum: wrong outputs, so the harness's checks are
# skipped in that build): an upper bound on what keeping the first exponentials could save. The
# base and patched stage on each shape, alternating, its own process each, 30 iterations, two
# rounds (probe.sh's variants). $S47B: the patched build.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # variants
variants 2 "./step09" "$S47B/step09" <<'SHAPES'
f32 8 2097152
f32 4 4194304
f32 8 4194304
f32 4 8388608
f16 8 4194304
f16 4 8388608
f16 8 8388608
bf16 8 4194304
f32 1 16777216
f16 1 33554432
SHAPES
variants 2 "./step08" "$S47B/step08" <<'SHAPES'
f16 2048 65536
f16 2048 131072
bf16 2048 131072
f16 2048 163840
f32 2048 81920
SHAPES
