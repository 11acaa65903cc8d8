#!/usr/bin/env bash
# Thirty-eighth session, after the last change (halves rows in packs of up to 36 KB take the team):
# the default against the register block (STEP08_PATH=register) and the dispatcher, each its own
# process, 30 iterations, twice (probe.sh's one). Prints "DTYPE M x N ENV BINARY: µs us %copy".
. results/h100/explore/probe.sh
variants 2 "./step08" "STEP08_PATH=register ./step08" "./step11" <<'SHAPES'
f16 2048 16392
bf16 2048 17408
f16 4096 18432
f16 2048 19456
SHAPES
