#!/usr/bin/env bash
# Probe (fourteenth session): stage 10's wide clusters made persistent (as many clusters as the GPU
# holds, the next row's part loading while this one is written: RowCache::store_then_load) against
# one cluster per row. roll1.txt: rows handed out round-robin (ee22316); roll2.txt: rows by ticket
# from a global counter (3ca185e). Both launched the persistent grid for every M (fewer clusters only
# when M is smaller). BASE holds binaries of afaf7f8 (one cluster per row), NEW the persistent ones;
# each shape runs base, new, base, new, each its own process (the second pair is the noise). Then
# the NEW binary's --check on shapes with several rows per cluster.
# Usage: BASE=dir NEW=dir bash roll.sh > roll.txt
BASE=${BASE:-.bin}; NEW=${NEW:-.}
. "$(dirname "$0")/../probe.sh"  # row, ab
one() { ab "$@"; }  # label dtype M N env... binary-name
# The forced wide form at 2048 rows: clusters of 1 (fp32 2^16), 2, 4 and 8.
for n in 262144 524288; do one wide10 f16 2048 $n STEP10_FORM=wide step10; done
one wide10 bf16 2048 262144 STEP10_FORM=wide step10
for n in 65536 131072 262144 524288; do one wide10 f32 2048 $n STEP10_FORM=wide step10; done
# --check: several rows per cluster, the last round partial, ragged last parts.
for s in "f32 200 131076" "f32 70 262148" "f32 300 24580" "f16 520 131080" "bf16 135 262152" "f32 5 524292"; do
  set -- $s
  echo "check wide10 $s: $(STEP10_FORM=wide timeout 60 $NEW/step10 --dtype $1 --rows $2 --cols $3 --check 2>&1 | tail -n 1)"
done
# Fewer rows: 2-4 per cluster, and fewer rows than clusters (one each, as before).
for s in "f32 256 131072" "f32 128 262144" "f16 512 262144" "f32 32 262144"; do
  set -- $s
  one wide10 $1 $2 $3 STEP10_FORM=wide step10
done
# The dispatcher's choice on the sweeps' shapes that take the wide clusters.
for t in f32 f16 bf16; do
  for n in 131072 262144; do one auto11 $t 2048 $n X=1 step11; done
done
one auto11 f32 256 131072 X=1 step11
