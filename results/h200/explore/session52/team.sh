#!/usr/bin/env bash
# Fifty-second session (H200): stage 08's team for halves rows of 15361-16384 elements (16 warps x
# 4 packs, 47 registers: two blocks of 512 an SM) against variants chosen by STEP08_TEAM_PROBE:
# 1/2 the same kernel capped at 40/32 registers (three/four blocks an SM; 12/148 bytes spilled),
# 3/4/5 x kept as packs and exp taken again at the stores, uncapped/capped at 40/32, 6 a team of
# 32 warps x 2 packs (31 registers, two blocks of 1024), 7 the same with exp twice at 32, 8 8 warps
# x 8 packs with exp twice. Each shape under each in its own process, 30 iterations; two rounds,
# the second while PROBE_UNTIL seconds have not passed.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # stage_rows
shapes() {
  cat <<SHAPES
f16 2048 16384
bf16 2048 16384
f16 4096 16384
f16 1024 16384
f16 2048 15872
bf16 4096 16384
SHAPES
}
c="step08"
for v in 1 2 3 4 5 6 7 8; do c="$c STEP08_TEAM_PROBE=$v,step08"; done
for round in 1 2; do shapes | stage_rows "$c"; done
