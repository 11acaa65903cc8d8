#!/usr/bin/env bash
# Thirty-eighth session: stage 08's block team compiled as its own kernel capped at 56 registers
# (block_team_rows, __maxnreg__(56); STEP08_CAP=1) against the block team as team_rows compiles it
# (halves off the 16-byte boundary at 4 packs a lane: 63-64 registers against 47-48 capped; halves
# in packs 52 against 47); each its own process, 30 iterations, twice (probe.sh's one).
. results/h100/explore/probe.sh
variants 2 "./step08" "STEP08_CAP=1 ./step08" <<'SHAPES'
f16 2048 4097
f16 2048 8193
f16 2048 2049
f16 2048 12289
bf16 2048 4097
f16 4096 4097
f16 2048 5120
f16 2048 8200
f16 2048 1025
SHAPES
