#!/usr/bin/env bash
# Probe (thirteenth session): with the slices summed as they land, where stage 10's wide form
# stands against its parts form (halves, 512 rows) and against stage 09 (fp32, 256-512 rows);
# the dispatcher (stage 11) beside them. Usage: BIN=dir bash rules.sh > rules.txt
BIN=${BIN:-.}
. "$(dirname "$0")/../probe.sh"  # row, one
for t in f16 bf16; do for n in 65536 131072 262144; do
  one $t 512 $n STEP10_FORM=wide timeout 60 $BIN/step10
  one $t 512 $n STEP10_FORM=parts timeout 60 $BIN/step10
  one $t 512 $n X=1 timeout 60 $BIN/step11
done; done
for m in 256 512; do for n in 131072 262144; do
  one f32 $m $n STEP10_FORM=wide timeout 60 $BIN/step10
  one f32 $m $n X=1 timeout 60 $BIN/step09
  one f32 $m $n X=1 timeout 60 $BIN/step11
done; done
