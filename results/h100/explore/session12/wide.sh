#!/usr/bin/env bash
# Probe (twelfth session): stage 08's "wide" one-pass kernel (1024 threads, 8 packs in registers + 8
# slices of shared memory: a 256 KB row per block, one block per SM) on the many long rows of 256 KB
# (fp32 N = 2^16, halves N = 2^17), against the dispatcher (stage 11) in the same call.
# Usage: BIN=dir bash wide.sh > wide.txt
BIN=${BIN:-.}
. "$(dirname "$0")/../probe.sh"  # row
for t in f16 bf16 f32; do
  if [ $t = f32 ]; then ns="65536 49152"; else ns="131072 98304"; fi
  for n in $ns; do for m in 2048 1024 256; do
    for how in "STEP08_PATH=wide step08" "STEP08_PATH=twopass step08" "X=1 step11"; do
      set -- $how
      r=$(env $1 timeout 60 $BIN/$2 --dtype $t --rows $m --cols $n --iters 30 2>&1)
      echo "$t $m x $n $how: $(row "$r" $m $n)"
    done
  done; done
done
# correctness of the forced path on odd shapes (the harness's --check: double reference, poisoned output)
for s in "f16 3 131072" "bf16 5 100008" "f32 7 65536" "f32 1 4" "f16 2049 131064"; do
  set -- $s
  r=$(STEP08_PATH=wide timeout 60 $BIN/step08 --dtype $1 --rows $2 --cols $3 --check 2>&1 | tail -n 1)
  echo "check wide $s: $r"
done
