#!/usr/bin/env bash
# Fifty-first session (H200): stage 09 with its next round's chunks prefetched into L2
# (STEP09_PREFETCH, a probe; docs/09_cooperative.md, "The next round through L2"), on the few-row
# shapes of two rounds or more, and two controls (a row longer than the chip, rows of one round).
# Candidates, each shape under each in its own process, 30 iterations:
#   step09_head   stage 09 built from the tree before the change (prefetch.patch reversed)
#   step09        this tree, STEP09_PREFETCH unset (none)
#   STEP09_PREFETCH=4,step09 / =2  the whole next chunk / its first half, normal priority
#   step09_pf4l   the whole chunk with an evict_last policy (STEP09_PREFETCH_LAST=1)
#   step09_pf4p0  the whole chunk, one pipeline (STEP09_PIPELINES=0): only where the plan has two
# Two rounds, the second while PROBE_UNTIL seconds have not passed. The wrappers step09_head,
# step09_pf4l and step09_pf4p0 are written by results/h200/session51.run.sh.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # stage_rows
C="step09_head step09 STEP09_PREFETCH=4,step09 STEP09_PREFETCH=2,step09 step09_pf4l"
shapes() {
  cat <<SHAPES
f32 8 2097152 $C
f32 4 4194304 $C
f32 16 1048576 $C
f32 12 2097152 $C step09_pf4p0
f32 8 4194304 $C step09_pf4p0
f32 4 8388608 $C
f32 8 8388608 $C step09_pf4p0
f32 32 1048576 $C step09_pf4p0
f16 8 4194304 $C
f16 16 2097152 $C
f16 8 8388608 $C step09_pf4p0
f16 4 16777216 $C
bf16 8 4194304 $C
bf16 8 8388608 $C step09_pf4p0
f32 1 16777216 step09_head step09 STEP09_PREFETCH=4,step09
f32 4 2097152 step09_head step09 STEP09_PREFETCH=4,step09
SHAPES
}
shapes | stage_rows ""
shapes | stage_rows ""
