#!/usr/bin/env bash
# Probe (thirty-first session): stage 12's bulk copies in flight per block capped at k
# (STEP12_INFLIGHT; 7 = one a slot, the default) beside stage 11, each run its own process, 30
# iterations. Run from the repository root after the build (../../session31.run.sh inflight).
. "$(dirname "$0")/../probe.sh"  # one
for s in "f32 8 2097152" "f32 16 1048576" "f32 4 4194304" "f32 8 4194304" "f32 64 262144" "f16 8 4194304" "f16 4 8388608"; do
  one $s timeout 40 ./step11
  for k in 7 1 2 3 4; do one $s STEP12_INFLIGHT=$k timeout 40 ./step12; done
done
