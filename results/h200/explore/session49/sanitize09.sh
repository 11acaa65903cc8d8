#!/usr/bin/env bash
# Forty-ninth session (H200): stage 09 after the forty-eighth session's changes (the load order
# pinned in a loop, exp_ftz, the live-slice loops) under compute-sanitizer's four tools, on the
# kernels they touched: rows in packs with slices, shifted rows with slices, halves, and the
# registers-only kernel.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # sanitize
sanitize ./step09 <<'SHAPES'
f32 8 2097152 rows in packs, registers and slices
f32 7 2097153 shifted rows, registers and slices
f16 8 4194304 halves in packs, registers and slices
bf16 5 4194301 halves shifted
f32 4 1048576 registers only
SHAPES
