#!/usr/bin/env bash
# Fifty-second session (H200): stage 08 as committed (lean teams in fp16 on 5-16 warps, in bf16 on
# 16, grids of more blocks than SMs) against STEP08_LEAN=0 on shapes where lean.sh's first rule
# gained or lost. Each shape under each in its own process, 30 iterations, two rounds.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # stage_rows
shapes() {
  cat <<SHAPES
f16 2048 16384
f16 2048 8192
f16 512 16384
f16 2048 24576
f16 2048 32768
bf16 2048 12288
bf16 2048 16384
bf16 2048 20480
f16 8 16384
f16 64 16384
bf16 64 16384
SHAPES
}
for round in 1 2; do shapes | stage_rows "STEP08_LEAN=0,step08 step08"; done
