#!/usr/bin/env bash
# Forty-third session: geom.cu (rows of 512 B - 4 KB, 4-64 MB matrices, fp32 and fp16, teams of
# 4-128 lanes) built on the device and run, ROUNDS rounds; no build of the project needed.
here=$(dirname "$0")
nvcc -O3 -arch=sm_90 -std=c++17 $here/geom.cu -o /tmp/geom || exit 1
/tmp/geom ${ROUNDS:-3}
