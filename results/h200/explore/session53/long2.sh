#!/usr/bin/env bash
# Fifty-third session (H200): rows longer than the grid holds, at 6-16 rows: the registers-only
# plan (STEP09_LONG=registers) against one row a round on two pipelines in the largest chunks
# (=pipes), which long.sh found 2-3% faster at 8 rows and slower at 4. Each shape under each in its
# own process, 30 iterations; two rounds, the second while PROBE_UNTIL seconds have not passed.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # stage_rows
shapes() {
  cat <<SHAPES
f32 8 16777216
f32 6 16777216
f32 12 16777216
f32 16 16777216
f32 8 33554432
f16 8 33554432
bf16 8 33554432
f16 6 33554432
f16 16 33554432
f32 4 16777216
SHAPES
}
c="STEP09_LONG=registers,step09 STEP09_LONG=pipes,step09"
for round in 1 2; do shapes | stage_rows "$c"; done
