#!/usr/bin/env bash
# Forty-fourth session (H200): exp.cu (fp16 rows of 16-128 KB at M = 2048: no arithmetic, exp twice
# on the SFU, once, on the FMA pipe, half and half), built on the device and run ROUNDS rounds; then
# the dispatcher against stages 09 and 12 on the few-row shapes its rules give stage 12 (their
# sweep at 2962f46 had them under 0649c41's stage 09), each its own process.
here=$(dirname "$0")
. results/h100/explore/probe.sh
nvcc -O3 -arch=sm_90 -std=c++17 $here/exp.cu -o /tmp/exp || exit 1
/tmp/exp ${ROUNDS:-3} || exit 1
echo
stage_rows "step11 step09 step12" <<'SHAPES'
f32 8 2097152
f16 8 4194304
bf16 8 4194304
SHAPES
