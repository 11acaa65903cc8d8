#!/usr/bin/env bash
# Probe (twenty-third session): exps.sh found 08's wider block (13 slices) 1.7% slower at fp32
# 1024 x 86016 with the register packs' exponentials kept, where every other block gained 0-1.2%.
# Three builds, alternating processes (base, all, keep8, base, all, keep8): 9116f90 ($BASE), the
# exponentials kept in every fp32 block ($NEW), and kept only in blocks of at most 8 slices
# ($KEEP8: keep8.patch), on the shapes the 13-slice blocks take and a few the 8-slice ones take.
# Usage: BASE=dir NEW=dir KEEP8=dir bash keep8.sh
. "$(dirname "$0")/../probe.sh"  # row
abc() {
  local t=$1 m=$2 n=$3 st=$4 out="" dir r
  for dir in $BASE $NEW $KEEP8 $BASE $NEW $KEEP8; do
    r=$(timeout 60 $dir/$st --dtype $t --rows $m --cols $n --iters 30 2>&1)
    out="$out | $(row "$r" $m $n)"
  done
  echo "keep8 $t $m x $n $st (base | all | keep8 | base | all | keep8)$out"
}
for s in "1024 86016" "2048 86016" "2048 73728" "1024 69632" "1024 86013" "2048 65536" "2048 16381"; do
  abc f32 $s step08
done
for s in "512 524288" "256 1048576" "2048 393216"; do
  abc f32 $s step10
done
