#!/usr/bin/env bash
# Recheck (thirteenth session): bf16 2048 x 2^16 took 200.77 us (90.5%) in the dispatcher's sweep
# at 3fdcac8, against 190.6 us for stage 08 alone at 8eab85d and in the probes. Each line its own
# process: the dispatcher three times, stage 08's choice, and its two kernels forced.
# Usage: BIN=dir bash recheck.sh > recheck.txt
BIN=${BIN:-.}
. "$(dirname "$0")/../probe.sh"  # row, one
for i in 1 2 3; do one bf16 2048 65536 X=1 timeout 60 $BIN/step11; done
one bf16 2048 65536 X=1 timeout 60 $BIN/step08
for p in wide register; do one bf16 2048 65536 STEP08_PATH=$p timeout 60 $BIN/step08; done
one f16 2048 65536 X=1 timeout 60 $BIN/step11
