#!/usr/bin/env bash
# Probe (twenty-second session): the peers run of a2635a4 had the dispatcher behind Triton's fused
# kernel at fp32 2048 x 16384 (91.20 against 90.11 us, stage 08's register path) and fp16 2048 x
# 1024 (6.94 / 6.88, 08's team), as in the three runs before. Stage 08's other paths on those shapes
# (STEP08_PATH), and stages 04 and 05, twice each, each its own process, 30 iterations.
# Usage: bash paths.sh (in a folder with step04, step05, step08).
. "$(dirname "$0")/../probe.sh"  # one
for rep in 1 2; do
  for p in register team wide medium; do one f32 2048 16384 STEP08_PATH=$p ./step08; done
  one f32 2048 16384 ./step04
  one f32 2048 16384 ./step05
  for p in register team wide medium; do one f32 4096 16384 STEP08_PATH=$p ./step08; done
  for p in team register; do one f16 2048 1024 STEP08_PATH=$p ./step08; done
  for p in team register; do one f32 2048 8192 STEP08_PATH=$p ./step08; done
done
