#!/usr/bin/env bash
# Probe (twenty-third session): stage 08's one-pass blocks and stage 10's wide CTAs reduce their
# threads' (max, sum) in reduce.cuh's two cheap steps (the max by shuffles, then the sums rescaled
# once each), where they merged pairs with two exact expf per step; stage 09 has done so since its
# sixth session. b4f7432's binaries ($BASE) against this build ($NEW), alternating processes, in
# every dtype on the blocks this touches.
# Usage: BASE=dir NEW=dir bash twostep.sh
. "$(dirname "$0")/../probe.sh"  # ab
for s in "f32 2048 16384" "f32 2048 12288" "f32 2048 65536" "f32 1024 86016" "f16 2048 32768" \
         "f16 2048 65536" "bf16 2048 131072" "f32 128 16384"; do
  ab twostep $s step08
done
for s in "f32 2048 262144" "f16 2048 262144" "f32 512 524288" "f32 16 2097152"; do
  ab twostep $s step10
done
ab twostep f32 2048 16384 step11
