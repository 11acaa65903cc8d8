#!/usr/bin/env bash
# Probe (thirty-first session): stage 12 (version 9, its defaults) beside stage 11 on a grid of
# 8-128 rows of 512 KB-8 MB, fp32 and fp16, each run its own process, 30 iterations: where the
# ring leads stage 11's choice (stage 09 or 10), for a rule a later session may add. Run from the
# repository root after the build (../../session31.run.sh grid).
. "$(dirname "$0")/../probe.sh"  # stage_rows
PROBE_TIMEOUT=40 stage_rows "step11 step12" <<'SHAPES'
f32 8 524288
f32 8 1048576
f32 8 2097152
f32 16 262144
f32 16 524288
f32 16 1048576
f32 16 2097152
f32 32 131072
f32 32 262144
f32 32 524288
f32 32 1048576
f32 32 2097152
f32 64 131072
f32 64 262144
f32 64 524288
f32 64 1048576
f32 64 2097152
f32 128 131072
f32 128 262144
f32 128 524288
f32 128 1048576
f16 16 524288
f16 16 1048576
f16 16 2097152
f16 16 4194304
f16 32 524288
f16 32 1048576
f16 32 2097152
f16 64 524288
f16 64 1048576
f16 64 2097152
bf16 32 1048576
SHAPES
