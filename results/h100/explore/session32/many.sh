#!/usr/bin/env bash
# Probe (thirty-second session): stage 12 on halves at 256-1024 rows of 1-4 MB in packs, beside the
# stage the rules of 8ee976d chose (09 from 2 MB, 10 below), to place the upper row bound of its
# halves rule; then stage 11 with this session's rules (stage 12 or 10) on shapes the new rules
# moved, validated and timed. Each run its own process, 30 iterations. Run from the repository root
# after the build (../../session32.run.sh many).
. "$(dirname "$0")/../probe.sh"  # stage_rows
PROBE_TIMEOUT=40 PROBE_UNTIL=${PROBE_UNTIL:-300} stage_rows "step12 step09" <<'SHAPES'
f16 256 524288 step12 step10
f16 256 2097152
f16 512 1048576 step12 step10 step11
f16 1024 1048576 step12 step10
f16 512 2097152
bf16 256 1048576
f32 8 2097152 step11 step09
f16 8 4194304 step11 step09
f16 16 2097152 step11
bf16 32 1048576 step11
f32 128 1048576 step11
SHAPES
