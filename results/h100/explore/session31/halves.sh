#!/usr/bin/env bash
# Probe (thirty-first session): fp16 / bf16 in 16-byte packs, 48-256 rows of 512 KB-8 MB, where the
# rules at 3b38e83 send 64+ rows to stage 10's clusters (N <= 2^20) or stage 08's split-K (past
# it), 09 only below 64 rows: stages 11, 08, 09, 10 and the ring probe 12 on each shape, each its
# own process, 30 iterations. Run from the repository root after the build
# (../../session31.run.sh halves).
. "$(dirname "$0")/../probe.sh"  # stage_rows
PROBE_TIMEOUT=60 PROBE_UNTIL=${PROBE_UNTIL:-500} stage_rows "step11 step09 step10 step08 step12" <<'SHAPES'
f16 64 1048576
f16 64 2097152
f16 64 524288
f16 128 1048576
f16 128 2097152
f16 64 4194304
f16 128 524288
bf16 64 1048576
bf16 128 2097152
f16 256 524288
f16 256 1048576
f16 48 1048576
f16 64 262144
SHAPES
