#!/usr/bin/env bash
# Sixtieth session (H200), the second call: stage 08's deep teams beyond the L2 with 2 packs a
# thread (rows of 1-2 KB on 32-64 lanes; teams of 2 packs keep their configured team) against
# STEP08_DEEP_TWO=0 (the deep teams of 4 or more packs, as at 38fffc6), on matrices of 64-256 MB;
# each run its own process, 30 iterations, two rounds alternately.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # one
. "$(dirname "$0")/../session55/group.sh"            # group
group two 2 ./step08 "STEP08_DEEP_TWO=0 ./step08" <<'S'
f32 65536 512
f32 131072 256
f32 32768 512
f32 131072 512
f32 65536 256
f32 262144 256
f32 16384 1024
f32 32768 1024
f32 65536 1024
f16 65536 512
bf16 65536 512
f16 32768 1024
bf16 32768 1024
f16 131072 512
f16 16384 2048
S
