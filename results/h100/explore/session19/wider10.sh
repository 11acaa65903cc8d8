#!/usr/bin/env bash
# Probe (nineteenth session): stage 10's wide CTAs with 13 slices of shared memory (up to 336 KB a
# CTA, explore/step10-wider.patch, built as $NEW/step10) against the 8 slices of HEAD ($BASE/step10).
# Shapes: rows whose plans the patch changes (fp32 131073 / 151936 / 262145 / 2^19 and 81920, halves
# 262145 / 2^20: fewer, fuller CTAs), rows whose plans it keeps (power-of-two rows of 512 KB-1 MB:
# the 13-slice code alone), and few rows, where fewer CTAs a row means fewer SMs busy. Each run its
# own process, base, new, base, new (the second pair is the noise).
# Usage: BASE=. NEW=.bin bash wider10.sh > wider10.txt (in the repository root, the stages built).
. "$(dirname "$0")/../probe.sh"  # ab
while read -r t m n; do
  ab wider10 $t $m $n step10
done <<'SHAPES'
f32 2048 131073
f32 2048 151936
f32 2048 262145
f32 512 524288
f32 2048 81920
f32 2048 131072
f32 2048 262144
f32 256 131072
f32 128 262144
f32 64 131073
f32 16 262145
f16 2048 262145
bf16 2048 262145
f16 2048 262144
f16 512 1048576
f16 256 262145
f16 64 262145
SHAPES
