#!/usr/bin/env bash
# Forty-third session: stage 08's fp32 team of 16 warps x 8 packs (rows of 32-64 KB, forty-second
# session) under compute-sanitizer's four tools: fp32 3 x 16384 (every lane 8 whole packs), 5 x
# 12289 (rows off the 16-byte boundary, the shifted team) and 2 x 8200 (2050 packs: 9 warps, the
# last lanes with fewer packs).
. "$(dirname "$0")/../probe.sh"  # sanitize
sanitize ./step08 <<'SHAPES'
f32 3 16384 16 warps x 8 packs
f32 5 12289 shifted, 13 warps
f32 2 8200 9 warps
SHAPES
