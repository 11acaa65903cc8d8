#!/usr/bin/env bash
# Probe (twentieth session): rows past what the dispatcher gives stage 10 (fp32 past 2^19, halves
# past 2^20 elements: 2 MB), which go to stage 09's split-K today; stage 10 holds rows of up to
# 16 wide CTAs x 336 KB (5.25 MB) on one cluster. Each shape validated, then timed, for stages 09,
# 10 and the dispatcher, each its own process.
# Usage: PROBE_UNTIL=S bash long.sh > long.txt (in a folder with step09, step10, step11).
. "$(dirname "$0")/../probe.sh"  # stage_rows
PROBE_TIMEOUT=${PROBE_TIMEOUT:-90} stage_rows "step09 step10 step11" <<'SHAPES'
f32 2048 524289
f32 256 524289
f32 64 524289
f32 1024 786432
f32 128 786432
f32 512 1048576
f32 64 1048576
f16 1024 1048577
f16 256 2097152
f32 64 1500000
SHAPES
