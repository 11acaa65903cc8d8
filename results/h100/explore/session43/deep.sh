#!/usr/bin/env bash
# Forty-third session: stage 08's deep teams (4 packs a thread once a team of 32-128 lanes would
# need more than one wave of the GPU's threads) against its configured teams (STEP08_DEEP=0) and,
# in fp32, stage 03 (which rule 3 gave every fp32 matrix of rows of 260 B - 4 KB in packs until
# this session; now up to 8 MB). ROUNDS rounds of each shape, each variant its own process, 30
# iterations. Run from the repository root after the build (device_build.sh).
. "$(dirname "$0")/../probe.sh"  # variants
ROUNDS=${ROUNDS:-2}
variants $ROUNDS ./step03 ./step08 "STEP08_DEEP=0 ./step08" <<'SHAPES'
f32 16384 256
f32 131072 256
f32 262144 128
f32 8192 256
f32 65536 512
f32 4096 1024
SHAPES
variants $ROUNDS ./step08 "STEP08_DEEP=0 ./step08" <<'SHAPES'
f16 131072 256
f16 65536 512
f16 32768 1024
f16 8192 1024
f16 16384 2048
bf16 65536 512
SHAPES
