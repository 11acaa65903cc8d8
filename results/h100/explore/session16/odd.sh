#!/usr/bin/env bash
# Probe (sixteenth session): stage 08's caches taking rows that are not a whole number of 16-byte
# packs shifted (common/packs.cuh's ShiftedRow), where it used to read them twice. Each line: the
# dispatcher (its rules still send many such rows to stages 04 and 10), stage 08 on N, and stage 08
# on N - 1 and on N rounded up to whole packs (on the boundary: N - 1 fits the next smaller cache
# for these N, the rounded-up length takes the cache the shifted row takes), each its own process.
# Usage: bash odd.sh > odd.txt  (in the repository root, the stages built); ODD_M="2048 128" the
# row counts; ODD_STAGES="step11 step10" the stages timed on N (default step11 step08);
# ODD_ALIGNED=0 leaves out stage 08 on the lengths in whole packs.
. "$(dirname "$0")/../probe.sh"  # row
for m in ${ODD_M:-2048}; do
  for t in f32 f16 bf16; do
    for n in 1001 2049 4097 8193 16385 32769 50257 65537 131073; do
      line="$t $m x $n:"
      for st in ${ODD_STAGES:-step11 step08}; do
        r=$(timeout 60 ./$st --dtype $t --rows $m --cols $n --iters 30 2>&1)
        line="$line | $st $(row "$r" $m $n)"
      done
      for a in $([ "${ODD_ALIGNED:-1}" = 0 ] || echo $((n - 1)) $(( (n + 7) / 8 * 8 ))); do
        r=$(timeout 60 ./step08 --dtype $t --rows $m --cols $a --iters 30 2>&1)
        line="$line | step08 x $a $(row "$r" $m $a)"
      done
      echo "$line"
    done
  done
done
