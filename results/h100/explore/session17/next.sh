#!/usr/bin/env bash
# Probe (seventeenth session, for the next): three open choices for rows off the 16-byte boundary.
#   1. halves 128 x 32769 / 50257: the rules give stage 08; peers.py had stage 10 ahead at 50257,
#      the sixteenth session's harness stage 08. Each stage twice, alternating processes.
#   2. halves 64 rows of 131073 / 262145: stage 10's parts form (its choice below 128 rows) against
#      its wide form forced.
#   3. fp32 16 and 32 rows of 65537 / 131073: the dispatcher (stage 09 below 64 rows) against stage 10.
# Usage: bash next.sh > next.txt (in the repository root, the stages built).
. "$(dirname "$0")/../probe.sh"  # one
for t in f16 bf16; do
  for n in 32769 50257; do
    echo "$(one $t 128 $n X=1 ./step08) | $(one $t 128 $n X=1 ./step10 | sed 's/.*: /step10: /') | $(one $t 128 $n X=1 ./step08 | sed 's/.*: /step08: /') | $(one $t 128 $n X=1 ./step10 | sed 's/.*: /step10: /')"
  done
done
for t in f16 bf16; do
  for n in 131073 262145; do
    echo "$(one $t 64 $n X=1 ./step10) | wide: $(one $t 64 $n STEP10_FORM=wide ./step10 | sed 's/.*: //')"
  done
done
for m in 16 32; do
  for n in 65537 131073; do
    echo "$(one f32 $m $n X=1 ./step11) | step10: $(one f32 $m $n X=1 ./step10 | sed 's/.*: //')"
  done
done
