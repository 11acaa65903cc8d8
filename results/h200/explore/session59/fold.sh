#!/usr/bin/env bash
# Fifty-ninth session (H200), the first call: the exponentials of stage 08's teams and one-pass
# blocks as one FFMA and ex2 (exp_sum where the exponential is kept; exp_shifted and exp_folded,
# 1 / sum in the exponent, where halves take it twice: fold.patch), against 25195c4's stage 08
# (build/base/step08, built on the device from its source), alternately, two rounds, each run its
# own process, 30 iterations. (The call built stage 10 too; its CTAs were not timed.)
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # one
. "$(dirname "$0")/../session55/group.sh"            # group
group fold08 2 build/base/step08 ./step08 <<'S'
f16 2048 65536
bf16 2048 131072
f16 2048 131072
f16 4096 151936
f16 2048 16384
bf16 2048 16384
f32 65536 512
f16 65536 512
f16 8192 4096
f16 4096 8192
f32 131072 256
f32 4096 4097
f32 2048 8200
bf16 65536 512
f16 2048 49152
bf16 2048 65536
f16 4096 50257
bf16 4096 128256
f32 16384 1024
f32 2048 65536
S
