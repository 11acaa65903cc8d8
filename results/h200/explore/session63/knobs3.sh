#!/usr/bin/env bash
# Sixty-third session (H200), the fourth call: the groups of one pack under knobs3.patch
# (build/v_knobs3/step08): STEP08_PACK_CS=6 loads with an L2 evict_last policy, =8 a plain load
# and a second load of the same pack with L1::evict_last and that policy (as torch.compile's
# kernel for these rows), =3 the plain load alone. The harness flushes the L2 with a memset but
# does not reset lines loaded evict_last, so the forms with that policy may read part of x from
# the L2 after their first iteration: their times here are a bound, bench/peers.py's (which
# resets them) the measure. Each run its own process, 30 iterations, two rounds.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # one
. "$(dirname "$0")/../session55/group.sh"            # group
V=build/v_knobs3/step08
W=STEP08_PACK_WHOLE=1
group knobs3 2 "$V" "$W STEP08_PACK_CS=3 $V" "$W STEP08_PACK_CS=6 $V" "$W STEP08_PACK_CS=8 $V" <<'S'
f32 16777216 2
f32 8388608 4
S
