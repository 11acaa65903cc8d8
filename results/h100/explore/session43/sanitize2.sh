#!/usr/bin/env bash
# Forty-third session: stage 08's deep teams under compute-sanitizer's four tools, one shape per
# kind, each one row past a wave of its configured team on an H100: fp32 8449 x 256 (16 lanes x 4
# packs), fp16 8449 x 1000 (32 lanes x 4, rows of 125 packs) and fp32 2113 x 1024 (a warp of 8).
. "$(dirname "$0")/../probe.sh"  # sanitize
sanitize ./step08 <<'SHAPES'
f32 8449 256 16 lanes x 4 packs
f16 8449 1000 32 lanes x 4 packs
f32 2113 1024 a warp of 8 packs
SHAPES
