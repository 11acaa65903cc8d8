#!/usr/bin/env bash
# Fifty-first session (H200): with two pipelines launched on the shared memory they use, stage 09
# against stage 12 again where the rules give 12 past 64 MB (fp32 rules 14-15, halves 28-29; the
# fiftieth session's regions and edges, explore/session50/): step09 as built, STEP09_SMEM_FIT=0
# (all 13 slices, as in the fiftieth session), one pipeline in halves (STEP09_PIPELINES=0), step12.
# Each shape under each in its own process, 30 iterations; two rounds, the second while
# PROBE_UNTIL seconds have not passed.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # stage_rows
F0=STEP09_SMEM_FIT=0,step09
P0=STEP09_PIPELINES=0,step09
shapes() {
  cat <<SHAPES
f32 32 1048576 step12 step09 $F0
f32 64 1048576 step12 step09 $F0
f32 24 1048576 step12 step09 $F0
f32 128 524288 step12 step09 $F0
f32 48 524288 step12 step09 $F0
f32 96 262144 step12 step09 $F0 step10
f32 20 1048576 step12 step09 $F0
f16 64 1048576 step12 step09 $F0 $P0
f16 128 524288 step12 step09 $F0 $P0
f16 64 2097152 step12 step09 $F0 $P0
f16 128 1048576 step12 step09 $F0 $P0
f16 256 524288 step12 step09 $F0 $P0
f16 24 2097152 step12 step09 $F0 $P0
f16 48 1048576 step12 step09 $F0 $P0
bf16 64 1048576 step12 step09 $F0 $P0
bf16 128 524288 step12 step09 $F0 $P0
f16 256 1048576 step12 step09 $F0 $P0
f16 20 2097152 step12 step09 $F0 $P0
SHAPES
}
shapes | stage_rows ""
shapes | stage_rows ""
