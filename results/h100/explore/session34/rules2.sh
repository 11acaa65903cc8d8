#!/usr/bin/env bash
# Thirty-fourth session, after rules.sh: stage 10 led 12 by 3% at fp32 127 x 2^17, inside rule 12
# (12 took 128 rows of 512 KB from the thirty-second session, measured against 09 only). Stages
# 12, 10 and 09 in their own processes on fp32 rows of 512 KB-1 MB at 64-128 rows.
# Run from the repository root after the build.
. "$(dirname "$0")/../probe.sh"  # stage_rows
PROBE_TIMEOUT=40 stage_rows "step12 step10 step09" <<'SHAPES'
f32 128 131072
f32 112 131072
f32 64 262144
f32 96 262144
f32 128 262144
SHAPES
