#!/usr/bin/env bash
# Thirty-ninth session, last call: which kernel stage 08's default takes on halves rows of 20 and
# 21 warps (40 and 42 KB), against the team and the register block forced (STEP08_PATH): at 20
# warps two capped team blocks fit an SM, at 21 one (each scheduler holds ten warps of 48
# registers). Each its own process, 30 iterations, twice (probe.sh's one).
. results/h100/explore/probe.sh
variants 2 "./step08" "STEP08_PATH=team ./step08" "STEP08_PATH=register ./step08" <<'SHAPES'
f16 2048 20480
f16 2048 21504
f16 2048 20473
f16 2048 21497
SHAPES
