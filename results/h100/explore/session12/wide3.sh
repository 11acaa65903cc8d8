#!/usr/bin/env bash
# Probe (twelfth session): where the wide kernels should take over, for the dispatcher's rules.
# fp32 M = 64 .. 1024 rows of 256 KB - 1 MB: stage 10's wide form (one CTA of 256 KB at N = 2^16,
# clusters of 2 and 4 beyond), its parts form, stage 09 (two pipelines of rounds at M >= 512) and
# stage 08 (its wide kernel at N = 2^16); fp16 M = 64 .. 256, rows of 256 and 512 KB.
# Usage: BIN=dir bash wide3.sh > wide3.txt
BIN=${BIN:-.}
. "$(dirname "$0")/../probe.sh"  # row, one
for n in 65536 131072 262144; do for m in 64 128 256 512 1024; do
  one f32 $m $n STEP10_FORM=wide timeout 60 $BIN/step10
  one f32 $m $n STEP10_FORM=parts timeout 60 $BIN/step10
  one f32 $m $n X=1 timeout 60 $BIN/step09
  [ $n = 65536 ] && one f32 $m $n X=1 timeout 60 $BIN/step08
done; done
for n in 131072 262144; do for m in 64 128 256; do
  one f16 $m $n STEP10_FORM=wide timeout 60 $BIN/step10
  one f16 $m $n STEP10_FORM=parts timeout 60 $BIN/step10
  [ $n = 131072 ] && one f16 $m $n X=1 timeout 60 $BIN/step08
done; done
