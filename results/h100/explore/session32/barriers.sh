#!/usr/bin/env bash
# Probe (thirty-second session): stage 12 after its shared-memory flags (rows filed, rows
# published) became mbarriers, beside stage 09, on four shapes its rules take (rules.txt has the
# flags' version on the same shapes, in another call). Each run its own process, 30 iterations.
# Run from the repository root after the build (../../session32.run.sh barriers).
. "$(dirname "$0")/../probe.sh"  # stage_rows
PROBE_TIMEOUT=40 PROBE_UNTIL=${PROBE_UNTIL:-200} stage_rows "step12 step09" <<'SHAPES'
f32 16 1048576
f16 64 1048576
f32 64 262144
f16 8 4194304 step11 step09
SHAPES
