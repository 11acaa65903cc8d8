#!/usr/bin/env bash
# Forty-fourth session (H200): phases.cu (rows of 16-128 KB at M = 2048: a copy in the softmax's
# grid, the same with its barriers, the softmax, the softmax with the next row's loads in flight),
# built on the device and run ROUNDS rounds; then stages 08 and 11 on the same shapes, each its own
# process (results/h100/explore/probe.sh's stage_rows).
here=$(dirname "$0")
. results/h100/explore/probe.sh
nvcc -O3 -arch=sm_90 -std=c++17 $here/phases.cu -o /tmp/phases || exit 1
/tmp/phases ${ROUNDS:-3} || exit 1
echo
stage_rows "step11 step08" <<'SHAPES'
f16 2048 8192
f16 2048 16384
f16 2048 32768
f16 2048 65536
f32 2048 4096
f32 2048 8192
f32 2048 16384
f32 2048 32768
SHAPES
