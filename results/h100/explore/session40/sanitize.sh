#!/usr/bin/env bash
# Fortieth session: stage 08's teams with the shorter second level (grids of at most one block an
# SM) under compute-sanitizer's four tools, one shape for each kind of team: fp32 7 x 1024 (4
# warps x 2 packs), fp16 5 x 8192 (8 warps x 4 packs), bf16 3 x 1000 (4 warps x 1 pack, 125 of its
# 128 lanes holding a pack) and fp32 3 x 250 (2 warps, two rows a block, rows off the 16-byte
# boundary).
. "$(dirname "$0")/../probe.sh"  # sanitize
sanitize ./step08 <<'SHAPES'
f32 7 1024 4 warps x 2 packs
f16 5 8192 8 warps x 4 packs
bf16 3 1000 4 warps x 1 pack
f32 3 250 2 warps shifted
SHAPES
