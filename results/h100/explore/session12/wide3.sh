#!/usr/bin/env bash
# Probe (twelfth session): where the wide kernels should take over, for the dispatcher's rules.
# fp32 M = 64 .. 1024 rows of 256 KB - 1 MB: stage 10's wide form (one CTA of 256 KB at N = 2^16,
# clusters of 2 and 4 beyond), its parts form, stage 09 (two pipelines of rounds at M >= 512) and
# stage 08 (its wide kernel at N = 2^16); fp16 M = 64 .. 256, rows of 256 and 512 KB.
# Usage: BIN=dir bash wide3.sh > wide3.txt
BIN=${BIN:-.}
row() { grep -E "^ +$2 +$3 " <<< "$1" | awk '{print $4, "us", $NF}'; }
one() {  # dtype M N env... binary
  local t=$1 m=$2 n=$3; shift 3
  local r; r=$(env "$@" --dtype $t --rows $m --cols $n --iters 30 2>&1)
  echo "$t $m x $n $*: $(row "$r" $m $n)"
}
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
