#!/usr/bin/env bash
# Probe (twenty-third session): common/row_cache.cuh keeps exp(x - thread max) in fp32's register
# packs, so stage 08's one-pass kernels and stage 10's wide CTAs take one exponential per element
# instead of two (as Triton's fused kernel does). 9116f90's binaries ($BASE) against this build
# ($NEW), alternating processes, on the fp32 shapes whose kernels changed: 08's register, wide and
# wider blocks, 10's clusters, and the dispatcher where it runs them. Halves' kernels did not change.
# Usage: BASE=dir NEW=dir bash exps.sh
. "$(dirname "$0")/../probe.sh"  # ab
for s in "2048 16384" "4096 16384" "2048 12288" "2048 32768" "2048 65536" "1024 86016" "128 16384"; do
  ab exps f32 $s step08
done
for s in "2048 131072" "2048 262144" "512 524288" "64 1048576" "16 2097152"; do
  ab exps f32 $s step10
done
for s in "2048 16384" "2048 32768" "2048 65536" "2048 131072" "2048 262144"; do
  ab exps f32 $s step11
done
