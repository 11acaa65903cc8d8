#!/usr/bin/env bash
# Thirty-eighth session, third call: at the final rule (block teams for teams of 8-32 warps, and
# for teams of 4 warps of 2 or 4 packs on rows off the 16-byte boundary), stage 08's default
# against STEP08_BLOCK_TEAMS=0 on shapes each side of the rule, and the dispatcher; each its own
# process, 30 iterations, twice (probe.sh's one). Prints "DTYPE M x N ENV BINARY: µs us %copy".
. results/h100/explore/probe.sh
variants 2 "./step08" "STEP08_BLOCK_TEAMS=0 ./step08" "./step11" <<'SHAPES'
f32 2048 1028
f16 2048 1536
f16 2048 1025
f32 2048 1025
f32 2048 4097
f16 2048 4097
f16 2048 8200
f16 4096 12288
SHAPES
