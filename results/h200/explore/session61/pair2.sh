#!/usr/bin/env bash
# Sixty-first session (H200), the second call: the first call's 2 rows a warp in 1-warp blocks
# (torch.compile's geometry) took 0.4-2.3% off fp32 rows of 512 at 16-256 MB and nothing off rows
# of 256, 1024 or halves. pair2.patch (build/v_pair2/step08) widens STEP08_WROWS to R x W in
# {1x1, 2x1, 2x2, 2x4, 4x1, 4x2} and adds STEP08_PROBE_SMEM=B (dynamic shared memory each
# warp_rows or deep-team block asks for and does not use: 26624 B caps 128-thread blocks at 8 an
# SM, 32 warps, what 1-warp blocks reach by the block limit). Each run its own process, 30
# iterations, rounds alternately. First, --check on partial shapes under the new forms.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # one
. "$(dirname "$0")/../session55/group.sh"            # group
V=build/v_pair2/step08
for form in 2x2 4x1 4x2; do
  for s in "f32 40001 500" "f32 40003 1000" "f16 70001 1000" "bf16 70001 500" "f32 99999 256"; do
    set -- $s
    r=$(STEP08_WROWS=$form timeout 60 $V --check --dtype $1 --rows $2 --cols $3 2>&1)
    echo "check $form $s: exit $? | $(grep -E 'rel_l2|error' <<< "$r" | tr '\n' ' ')"
  done
done
C="STEP08_PROBE_SMEM=26624"
group rows512 3 ./step08 "STEP08_WROWS=2x1 $V" "STEP08_WROWS=2x2 $V" "STEP08_WROWS=4x1 $V" \
  "$C STEP08_WROWS=2x4 $V" "$C $V" <<'S'
f32 65536 512
f32 8192 512
f32 16384 512
f32 24576 512
f32 32768 512
f32 49152 512
f32 98304 512
f32 131072 512
S
group rowsf32 2 ./step08 "STEP08_WROWS=2x1 $V" "STEP08_WROWS=2x2 $V" "STEP08_WROWS=4x1 $V" "$C $V" <<'S'
f32 131072 256
f32 65536 256
f32 87381 384
f32 52429 640
f32 43691 768
f32 32768 1024
f32 16384 1024
S
group halves 2 ./step08 "STEP08_WROWS=2x1 $V" "STEP08_WROWS=2x2 $V" "STEP08_WROWS=4x1 $V" "$C $V" <<'S'
f16 65536 1024
f16 32768 1024
f16 16384 1024
bf16 65536 1024
f16 131072 512
f16 65536 512
f16 32768 2048
S
