#!/usr/bin/env bash
# Probe (fifteenth session): rows whose length is not a whole number of 16-byte packs (GPT-2's
# vocabulary of 50257, N = 1001, 4097, ...), where stage 08 takes its two-pass path. Each line: the
# dispatcher, then stages 08, 10 and (fp32, N <= 32768) 04 on the same shape, each its own process.
# Usage: bash odd.sh > odd.txt   (in the repository root, the stages built); ODD_STAGES="step11"
# times only those (odd2.txt: the dispatcher after its rules for such rows)
. "$(dirname "$0")/../probe.sh"  # row, one
for t in f32 f16 bf16; do
  for n in 1001 4097 16385 50257 65537 131073; do
    line="$t 2048 x $n:"
    for st in ${ODD_STAGES:-step11 step08 step10 step04}; do
      [ $st = step04 ] && { [ $t != f32 ] || [ $n -gt 32768 ]; } && continue
      r=$(timeout 60 ./$st --dtype $t --rows 2048 --cols $n --iters 30 2>&1)
      line="$line | $st $(row "$r" 2048 $n)"
    done
    echo "$line"
  done
done
