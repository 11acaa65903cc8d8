#!/usr/bin/env bash
# Probe (eighteenth session): rows of 256-336 KB at 67 and 96 rows, where stage 08 takes the wider
# block (split-K at up to half the SMs) and the rules, which start 08 at 128 rows, give 10 or 09;
# disp-d479bab.txt measured 08 ahead at 127 rows. Stage 08 against 10 and the dispatcher, each run
# its own process.
# Usage: bash rows.sh > rows.txt (in the repository root, the stages built).
. "$(dirname "$0")/../probe.sh"  # stage_rows
stage_rows "step08 step10 step11" <<'SHAPES'
f32 67 65537
f32 96 65537
f32 96 86016
f16 67 131080
f16 96 131073
bf16 96 151936
SHAPES
