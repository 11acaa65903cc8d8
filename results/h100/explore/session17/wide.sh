#!/usr/bin/env bash
# Probe (seventeenth session): stage 10's wide clusters taking rows that are not a whole number of
# 16-byte packs shifted (each CTA's part a ShiftedRow), where they used to take the parts form
# (64 KB parts in shared memory, 256 threads). Each line, one shape, each run its own process:
# the dispatcher; stage 10 as it chooses; stage 10 forced to the parts form (what such rows got
# before) and to the wide form; stage 09; stage 10 on N - 1 (whole packs, the same clusters).
# Usage: bash wide.sh > wide.txt (in the repository root, the stages built); WIDE_DTYPES, WIDE_M,
# WIDE_N override the dtypes, row counts and lengths.
. "$(dirname "$0")/../probe.sh"  # row
for t in ${WIDE_DTYPES:-f32 f16}; do
  if [ $t = f32 ]; then ms=${WIDE_M:-2048 256 64}; ns=${WIDE_N:-65537 131073 262145}
  else ms=${WIDE_M:-2048 512 128}; ns=${WIDE_N:-131073 262145 524289}; fi
  for m in $ms; do
    for n in $ns; do
      line="$t $m x $n:"
      for v in "X=1 ./step11" "X=1 ./step10" "STEP10_FORM=parts ./step10" "STEP10_FORM=wide ./step10" "X=1 ./step09"; do
        r=$(timeout 60 env $v --dtype $t --rows $m --cols $n --iters 30 2>&1)
        label=${v#X=1 ./}; label=${label/STEP10_FORM=/}; label=${label/.\//}
        line="$line | $label $(row "$r" $m $n)"
      done
      r=$(timeout 60 ./step10 --dtype $t --rows $m --cols $((n - 1)) --iters 30 2>&1)
      line="$line | step10 x $((n - 1)) $(row "$r" $m $((n - 1)))"
      echo "$line"
    done
  done
done
