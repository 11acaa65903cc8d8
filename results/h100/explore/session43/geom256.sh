#!/usr/bin/env bash
# Forty-third session: geom256.cu (fp32 rows of 256 under several geometries and cache hints)
# built on the device and run at M = 16384 (16 MB, where torch.compile led by 5%) and 131072
# (128 MB, at the copy's speed), ROUNDS rounds each.
here=$(dirname "$0")
nvcc -O3 -arch=sm_90 -std=c++17 $here/geom256.cu -o /tmp/geom256 || exit 1
for M in 16384 131072; do /tmp/geom256 $M ${ROUNDS:-5}; done
