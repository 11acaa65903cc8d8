#!/usr/bin/env bash
# Probe (eighteenth session): the dispatcher with the rules that send rows of 256-336 KB to stage
# 08's wider block from 128 rows, on wider.sh's shapes and the rules' edges (the longest shifted
# rows the block holds; 127 rows, which stay with 10 or 09), stage 08 beside it. Each run its own
# process.
# Usage: bash disp.sh > disp.txt (in the repository root, the stages built).
. "$(dirname "$0")/../probe.sh"  # stage_rows
stage_rows "step11 step08" <<'SHAPES'
f32 2048 65537
f32 2048 86013
f16 2048 131073
f16 2048 151936
bf16 2048 151936
f16 2048 172025
f32 128 65540
f32 127 65537
f16 128 131080
f16 127 131080
SHAPES
