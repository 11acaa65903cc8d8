#!/usr/bin/env bash
# Probe (seventeenth session): halves rows off the 16-byte boundary at 128 and 256 rows, where
# stage 10 takes the parts form (its wide form starts at 512 rows of more than 128 KB, a rule
# measured on rows in packs): the parts form against the wide form forced (STEP10_FORM=wide, one
# cluster per row). Each run its own process.
# Usage: bash halves.sh > halves.txt (in the repository root, the stages built).
. "$(dirname "$0")/../probe.sh"  # one
for t in f16 bf16; do
  for m in 128 256; do
    for n in 131073 262145; do
      echo "$(one $t $m $n X=1 ./step10) | $(one $t $m $n STEP10_FORM=wide ./step10 | sed 's/.*: //')"
    done
  done
done
