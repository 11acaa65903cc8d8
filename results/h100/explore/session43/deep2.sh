#!/usr/bin/env bash
# Forty-third session: fp32 rows of 3-4 KB in packs past 8 MB, which rule 3 now leaves to stage 08:
# its deep team there is one warp of 8 packs (stage 03's geometry; deep.sh had two warps of 4,
# 14.70-14.78 us at 4096 x 1024 against 03's 14.43-14.51), against 03 and 08's configured team of
# 4 warps x 2 packs (STEP08_DEEP=0). ROUNDS rounds, each variant its own process, 30 iterations.
. "$(dirname "$0")/../probe.sh"  # variants
variants ${ROUNDS:-2} ./step03 ./step08 "STEP08_DEEP=0 ./step08" <<'SHAPES'
f32 2049 1024
f32 4096 1024
f32 32768 1024
f32 8192 768
SHAPES
