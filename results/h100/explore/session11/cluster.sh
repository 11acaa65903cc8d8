#!/usr/bin/env bash
# Probe (eleventh session): stage 10 on the many long rows where it is the dispatcher's choice in
# fp16/bf16 (2048 x 2^17, 2^18: 85-87% of the copy), each cluster size (STEP10_CLUSTER) with each
# loader (STEP10_LOAD), the stage's own plan being 64 KB parts (4 and 8 CTAs in halves, 8 and 16 in fp32). fp32 beside it.
# Usage: BIN=dir bash cluster.sh > cluster.txt
BIN=${BIN:-.}
for t in f16 bf16 f32; do for n in 131072 262144; do
  for c in 2 4 8 16; do for l in threads bulk; do
    e="STEP10_CLUSTER=$c STEP10_LOAD=$l"
    r=$(env $e timeout 60 $BIN/step10 --dtype $t --rows 2048 --cols $n --iters 20 2>&1 | grep -E "^ +2048 +$n " | awk '{print $4, $NF}')
    echo "$t 2048 x $n cluster=$c load=$l: ${r:-failed or refused}"
  done; done
done; done
