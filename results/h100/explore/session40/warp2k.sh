#!/usr/bin/env bash
# Fortieth session: fp32 rows of 8 KB. In every full peers run since 2121268 stage 03 (a warp per
# row, 64 floats a lane) ran fp32 2048 x 2048 0.35-0.76 us faster than stage 08's team of 4 warps
# x 4 packs, which the dispatcher picks (rule 8); at 4096 x 1536 (03's same kernel, a quarter of
# it masked) 08 led. Where does 03 lead? Each shape under stages 03 and 08, each its own process,
# 30 iterations, two rounds: probe.sh's stage_rows lines.
. "$(dirname "$0")/../probe.sh"  # stage_rows
for round in 1 2; do
  echo "round $round"
  stage_rows "step03 step08" <<'SHAPES'
f32 32 2048
f32 128 2048
f32 256 2048
f32 1024 2048
f32 2048 2048
f32 4096 2048
f32 8192 2048
f32 32768 2048
f32 2048 1920
f32 8192 1920
f32 2048 1792
f32 8192 1792
f32 2048 1664
SHAPES
done
