#!/usr/bin/env bash
# Probe (fifteenth session): does the scratch per stream (common/scratch.h; stage 10's ticket counter
# a kernel argument, stage 09's workspace taken per call) cost time? BASE holds step11 of 6e4fdfc
# (one buffer per process), NEW this commit's; each shape runs base, new, base, new, each its own
# process (the second pair is the noise).
# Usage: BASE=dir NEW=dir bash ab.sh > ab.txt
BASE=${BASE:-.bin}; NEW=${NEW:-.}
. "$(dirname "$0")/../probe.sh"  # row, ab
# The many-row shapes nearest the 95% line: stage 10's persistent clusters (2^18), stage 08 (2^16, 2^17 halves).
for t in f32 f16 bf16; do
  for n in 65536 131072 262144; do ab scratch11 $t 2048 $n X=1 step11; done
done
# Stage 09: few long rows (two pipelines), and a launch of a few µs, where host time would show.
ab scratch11 f32 8 4194304 X=1 step11
ab scratch11 f16 4 65536 X=1 step11
