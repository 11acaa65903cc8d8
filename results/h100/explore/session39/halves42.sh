#!/usr/bin/env bash
# Thirty-ninth session: halves rows of 32-42 KB, in packs and not, which stage 08 now gives its
# block team capped at 56 registers (17-21 warps x 4 packs, 47-48 registers: two blocks an SM),
# against STEP08_CAPPED=0, the session before's launcher (uncapped block teams: 52 registers in
# packs, two blocks up to 18 warps; 63-64 off the boundary, one block, so those rows took the
# register block of 512 threads x 8 packs). Then rows just past 42 KB, where the capped team fits
# one block: the register block (the default) against STEP08_PATH=team. Each its own process,
# 30 iterations, twice (probe.sh's one).
# (Read after the run: at 21 warps two blocks do not fit, since each of the SM's four schedulers
# holds ten warps of 48 registers, so the rows of 21 warps here ran the register block both ways;
# the team goes to 20 warps, 40 KB. docs/08_half.md has the corrected reading.)
. results/h100/explore/probe.sh
variants 2 "./step08" "STEP08_CAPPED=0 ./step08" <<'SHAPES'
f16 2048 5120
f16 2048 8200
f16 2048 12288
f16 2048 16392
f16 2048 18432
f16 2048 19456
f16 2048 20480
f16 2048 21504
bf16 2048 19456
bf16 2048 21504
f16 4096 20480
f16 2048 4097
f16 2048 16385
f16 2048 17409
f16 2048 18433
f16 2048 19457
f16 2048 20481
f16 2048 21497
bf16 2048 16385
bf16 2048 20481
f16 4096 16385
SHAPES
variants 2 "./step08" "STEP08_PATH=team ./step08" <<'SHAPES'
f16 2048 22528
f16 2048 22529
SHAPES
