#!/usr/bin/env bash
# Fifty-second session (H200): stage 08's lean teams of halves (rows in packs on 5-32 warps, x kept
# in its packs, exp twice, capped at 32 registers in fp16 and 40 in bf16; the default since this
# session) against the teams of before (STEP08_LEAN=0: uncapped power-of-two teams, block teams
# capped at 56). Many rows of 10-64 KB (from 40 KB the lean fp16 team also takes rows the register
# kernel took, since two of its blocks now fit an SM), and few rows, where exp twice lengthens each
# block's path. Each shape under each in its own process, 30 iterations; three rounds, the later
# ones while PROBE_UNTIL seconds have not passed.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # stage_rows
shapes() {
  cat <<SHAPES
f16 2048 5120
f16 2048 6144
f16 2048 8192
f16 2048 10240
f16 2048 12288
f16 2048 16384
f16 2048 20480
f16 2048 24576
f16 2048 28672
f16 2048 32768
bf16 2048 8192
bf16 2048 12288
bf16 2048 16384
bf16 2048 20480
bf16 2048 24576
bf16 2048 32768
f16 8192 8192
f16 8192 16384
f16 4096 12288
f16 512 16384
f16 1 16384
f16 8 16384
f16 64 16384
f16 128 12288
f16 1 32768
f16 32 32768
bf16 64 16384
SHAPES
}
for round in 1 2 3; do shapes | stage_rows "STEP08_LEAN=0,step08 step08"; done
