#!/usr/bin/env bash
# Fifty-sixth session (H200), after shortrows.sh: Nsight Compute found stage 08's pack_rows on
# rows of 3 elements (3 packs a thread) waiting on its loads with few warps to switch to: 44-48
# registers a thread, so 5 blocks of 256 an SM (62.5% occupancy), against 20 registers and full
# occupancy on rows of 2 floats (1 pack), which ran at 98.9% of the copy where rows of 3 ran at
# 82-88%. The build under test (pack.patch) has two knobs: STEP08_PACK_MINB=6 / 8 launches
# pack_rows under __launch_bounds__(256, 6 / 8), at most 40 / 32 registers (ptxas spills 8-112
# bytes a thread for them); STEP08_PACK_ASYNC=1 loads the whole packs into shared memory by
# cp.async, no registers in flight. Each shape under each form in its own process, 30
# iterations, two rounds, until PROBE_UNTIL seconds.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # one
. "$(dirname "$0")/../session55/group.sh"  # group
T="timeout 60"
group pack 2 "$T ./step08" "STEP08_PACK_MINB=6 $T ./step08" "STEP08_PACK_MINB=8 $T ./step08" \
  "STEP08_PACK_ASYNC=1 $T ./step08" "STEP08_PACK_ASYNC=1 STEP08_PACK_MINB=8 $T ./step08" <<'S'
f32 8388608 3
f16 8388608 3
bf16 8388608 3
f32 4194304 6
f16 4194304 6
f16 2097152 12
f32 16777216 2
S
