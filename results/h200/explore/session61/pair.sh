#!/usr/bin/env bash
# Sixty-first session (H200), the first call: torch.compile's geometry for many short rows (R rows
# a warp, P packs a lane a row, W warps a block; fp32 65536 x 512: R 2, P 4, W 1) against stage
# 08's deep teams, on rows of 256-1024 floats and 512-1024 halves of 32-256 MB. pair.patch's
# stage 08 (build/v_pair/step08) takes the form from STEP08_WROWS (2x1, 2x4, 1x1) wherever a deep
# team would run; ./step08 is HEAD's. Each run its own process, 30 iterations, two rounds
# alternately. First, --check on shapes with a partial last warp and partial rows.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # one
. "$(dirname "$0")/../session55/group.sh"            # group
for form in 2x1 2x4 1x1; do
  for s in "f32 40001 500" "f32 40003 1000" "f16 70001 1000" "bf16 70001 1000" "f32 99999 256"; do
    set -- $s
    r=$(STEP08_WROWS=$form timeout 60 build/v_pair/step08 --check --dtype $1 --rows $2 --cols $3 2>&1)
    echo "check $form $s: exit $? | $(grep -E 'rel_l2|error' <<< "$r" | tr '\n' ' ')"
  done
done
V=build/v_pair/step08
group pair 2 ./step08 "STEP08_WROWS=2x1 $V" "STEP08_WROWS=2x4 $V" <<'S'
f32 65536 512
f32 131072 512
f32 32768 512
f32 16384 512
f32 131072 256
f32 32768 1024
f16 65536 512
f16 131072 512
f16 65536 1024
S
group pair11 2 ./step08 "STEP08_WROWS=1x1 $V" <<'S'
f32 65536 512
f32 131072 512
S
