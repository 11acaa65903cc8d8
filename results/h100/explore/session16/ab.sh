#!/usr/bin/env bash
# Probe (sixteenth session): stage 08 on rows in whole 16-byte packs, before and after its kernels
# learnt shifted rows. Its kernels for such rows are the same templates with SHIFTED = false, but
# ptxas scheduled some of them differently (the same instructions in another order; two halves
# team kernels 8 instructions longer): BASE holds step08 of a3baaef, NEW this commit's; each shape
# runs base, new, base, new, each its own process (the second pair is the noise).
# Usage: BASE=dir NEW=dir bash ab.sh > ab.txt
BASE=${BASE:-.bin}; NEW=${NEW:-.}
. "$(dirname "$0")/../probe.sh"  # row, ab
ab 08 f16 2048 512 X=1 step08      # team_rows<__half, 2, 1>
ab 08 f16 2048 1024 X=1 step08     # team_rows<__half, 4, 1>
ab 08 bf16 2048 1024 X=1 step08
ab 08 f16 128 1024 X=1 step08
ab 08 f32 2048 16384 X=1 step08    # register 512 x 8
ab 08 f32 2048 32768 X=1 step08    # wide, 512 threads
ab 08 f32 2048 65536 X=1 step08    # wide, 1024 threads
ab 08 f16 2048 65536 X=1 step08
ab 08 f16 2048 131072 X=1 step08
ab 08 bf16 2048 131072 X=1 step08
