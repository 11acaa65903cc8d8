#!/usr/bin/env bash
# Thirty-fourth session, after rules2.sh: stage 10 led 12 at 127-128 rows of exactly 512 KB (fp32
# 2^17) and was level at 100-112; the rules give 129-255 such rows to 09. Stages 10, 09 and 12 in
# their own processes at 129-255 rows of 2^17, and at 128 rows just off 2^17.
# Run from the repository root after the build.
. "$(dirname "$0")/../probe.sh"  # stage_rows
PROBE_TIMEOUT=40 stage_rows "step10 step09 step12" <<'SHAPES'
f32 129 131072
f32 160 131072
f32 200 131072
f32 255 131072
f32 128 131068
f32 128 135168
SHAPES
