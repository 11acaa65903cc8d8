#!/usr/bin/env bash
# Probe (seventeenth session): the dispatcher on rows off the 16-byte boundary past stage 08's
# widest cache, and on rows in whole packs that stage 10 now gives clusters of 3 or 5, with stage
# 10 beside it. Each run its own process.
# Usage: bash disp.sh > disp.txt (in the repository root, the stages built).
. "$(dirname "$0")/../probe.sh"  # stage_rows
stage_rows "step11 step10" <<'SHAPES'
f32 2048 65537
f32 2048 98305
f32 2048 131073
f32 2048 151937
f32 2048 262145
f32 2048 151936
f32 2048 196608
f32 256 131073
f32 64 65537
f32 64 131073
f16 2048 131073
f16 2048 196609
f16 2048 262145
f16 2048 393216
f16 2048 524289
bf16 2048 262145
SHAPES
