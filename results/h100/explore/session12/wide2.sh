#!/usr/bin/env bash
# Probe (twelfth session): stage 10's wide form (STEP10_FORM=wide: clusters of 1024-thread CTAs,
# each holding up to 256 KB of the row in registers + shared memory, one CTA per SM) against its
# parts form (64 KB parts, 3 CTAs per SM) and the dispatcher, on rows of 512 KB - 2 MB; stage 08's
# refactored one-pass kernels on rows they held before (regression check); checks of the wide form.
# Usage: BIN=dir bash wide2.sh > wide2.txt
BIN=${BIN:-.}
. "$(dirname "$0")/../probe.sh"  # row, one
for t in f16 bf16 f32; do
  if [ $t = f32 ]; then ns="131072 262144 524288"; else ns="262144 524288 1048576"; fi
  for n in $ns; do for m in 2048 512; do
    one $t $m $n STEP10_FORM=wide timeout 60 $BIN/step10
    one $t $m $n STEP10_FORM=parts timeout 60 $BIN/step10
    one $t $m $n X=1 timeout 60 $BIN/step11
  done; done
done
# the wide form with smaller parts (registers only at 128 KB)
one f16 2048 262144 STEP10_FORM=wide STEP10_CLUSTER=4 timeout 60 $BIN/step10
one f32 2048 131072 STEP10_FORM=wide STEP10_CLUSTER=4 timeout 60 $BIN/step10
one f32 2048 262144 STEP10_FORM=wide STEP10_CLUSTER=8 timeout 60 $BIN/step10
# stage 08's one-pass kernels after the move to common/row_cache.cuh (register path: 1024 x 8 packs)
one f16 2048 65536 X=1 timeout 60 $BIN/step08
one f16 2048 32768 X=1 timeout 60 $BIN/step08
one f32 2048 32768 X=1 timeout 60 $BIN/step08
one f32 2048 16384 X=1 timeout 60 $BIN/step08
# checks (double reference, poisoned output); --ld: strided rows; N % 8 != 0 falls back to the parts form
for s in "f16 3 262152" "bf16 5 524296" "f32 7 131076" "f32 2 1048580" "f16 3 262145" "f32 1 4"; do
  set -- $s
  echo "check wide $s: $(STEP10_FORM=wide timeout 60 $BIN/step10 --dtype $1 --rows $2 --cols $3 --check 2>&1 | tail -n 1)"
done
for s in "f16 3 262152 262160" "f32 4 131076 131100"; do
  set -- $s
  echo "check wide strided $s: $(STEP10_FORM=wide timeout 60 $BIN/step10 --dtype $1 --rows $2 --cols $3 --ld $4 --check 2>&1 | tail -n 1)"
done
STEP10_FORM=wide $BIN/step10 --explain --dtype f16 2>&1 | grep -i wide
