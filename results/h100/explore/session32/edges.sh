#!/usr/bin/env bash
# Probe (thirty-second session): stage 12 against stage 09 past the edges of its rules as first
# written (rules.sh found it ahead at fp32 16 x 2^21 and 128 x 2^20, fp16 16 x 2^21 and 64 x 2^22):
# rows of 8-16 MB, 1 GB matrices, and 4-8 rows. Each run its own process, 30 iterations. Run from
# the repository root after the build (../../session32.run.sh sweep).
. "$(dirname "$0")/../probe.sh"  # stage_rows
PROBE_TIMEOUT=40 PROBE_UNTIL=${PROBE_UNTIL:-200} stage_rows "step12 step09" <<'SHAPES'
f32 32 2097152
f32 64 2097152
f32 8 2097152
f32 16 4194304
f32 4 4194304
f32 128 2097152
f16 32 4194304
f16 16 4194304
f16 8 4194304
f16 128 4194304
f16 8 2097152
f16 256 1048576 step12
SHAPES
