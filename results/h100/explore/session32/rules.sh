#!/usr/bin/env bash
# Probe (thirty-second session): stage 12, now a stage of its own, against the stage the rules of
# 8ee976d chose on every shape its two new rules take (stage 09, or 10 for halves rows of 1 MB),
# and on the shapes just outside them; then halves rows in packs at 256-1024 rows of 2 MB, which
# rule 28 gives to stage 09 without having measured them in packs (09 beside 10 and 08). Each run
# its own process, 30 iterations. Run from the repository root after the build
# (../../session32.run.sh rules).
. "$(dirname "$0")/../probe.sh"  # stage_rows
PROBE_TIMEOUT=40 PROBE_UNTIL=${PROBE_UNTIL:-520} stage_rows "step12 step09" <<'SHAPES'
f32 16 1048576 step11 step09
f32 32 524288
f32 32 1048576
f32 64 262144
f32 64 524288
f32 64 1048576
f32 128 131072
f32 128 262144
f32 128 524288
f16 32 1048576
f16 32 2097152 step11 step09
f16 64 524288 step12 step10
f16 64 1048576
f16 64 2097152
f16 128 524288 step12 step10
f16 128 1048576
f16 128 2097152
bf16 64 1048576 step11 step09
bf16 32 2097152
bf16 128 2097152
f32 128 1048576
f32 16 2097152
f32 16 524288
f32 64 131072
f16 16 2097152
f16 64 4194304
f16 32 524288
f16 256 1048576 step09 step10 step08
f16 512 1048576 step09 step10 step08
f16 1024 1048576 step09 step10 step08
SHAPES
