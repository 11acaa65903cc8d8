#!/usr/bin/env bash
# Thirty-ninth session: stage 08's capped halves block teams under compute-sanitizer's four tools:
# 5 warps of 4 packs off the 16-byte boundary (not run under it in the thirty-eighth session), 17
# and 21 warps of 4 packs in packs and not (the rows of 32-42 KB that take the team now), each
# through ./step08 --check at M = 133 (more rows than SMs, so the long rows take the team by
# occupancy). One line per run, then "sanitize: P passed, F failed".
# (Read after the run: rows of 21 warps fit one team block an SM, so the two shapes of 21 warps
# ran the register block, not the team.)
. results/h100/explore/probe.sh
sanitize ./step08 <<'SHAPES'
f16 133 4097 5 warps x 4 packs, shifted
bf16 133 16392 17 warps x 4 packs
f16 133 21497 21 warps x 4 packs, shifted
f16 133 21504 21 warps x 4 packs
SHAPES
