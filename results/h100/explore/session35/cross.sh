#!/usr/bin/env bash
# Thirty-fifth session: the crossovers session34/later.sh pointed at, every stage timed in one
# process per shape (session34/mid.sh: ./step11 --plan, then ./step11 --tune, 20 runs):
#  1. fp32 rows of 512-768 KB below rule 13's 40 MB floor (10 led 09 at 64 x 2^17: 31.50 against
#     34.08 us in later.txt);
#  2. fp32 129-255 rows of 640 KB-1 MB, where rule 18 picks 09 (10 led by 6-9% at 160 / 200 x 2^18);
#  3. halves at 33-47 rows of 1 MB and nearby 32-48 MB matrices (10 led 09 by 10% at 40 x 2^19).
# Run from the repository root after the build; MID_UNTIL stops it early.
bash "$(dirname "$0")/../session34/mid.sh" "$(dirname "$0")/cross.txt"
