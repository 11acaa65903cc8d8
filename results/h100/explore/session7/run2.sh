#!/usr/bin/env bash
# Seventh session, exploration 2: stage 09's two pipelines with blocks taking turns per SM (step09,
# commit bf0d18f) against alternate blocks as pipelines (step09_parity, f67496a with one line
# changed) and one pipeline (STEP09_PIPELINES=0), at the shapes that take two pipelines.
set -u
R=x2; mkdir -p $R
export LD_LIBRARY_PATH=.deps/lib
for s in "4 4194304 f32" "8 2097152 f32" "8 4194304 f32" "2048 65536 f32" "2048 262144 f32" "4 8388608 f16" "8 4194304 f16" "8 8388608 f16" "2048 131072 f16" "2048 262144 bf16"; do
  set -- $s
  for v in sm parity one; do
    case $v in sm) cmd=".bin/step09";; parity) cmd=".bin/step09_parity";; one) cmd="env STEP09_PIPELINES=0 .bin/step09";; esac
    $cmd --rows $1 --cols $2 --dtype $3 --iters 30 > $R/$v-$1x$2-$3.txt 2>&1
    echo "$v $1 $2 $3: $(grep -E "^ +$1 +$2 " $R/$v-$1x$2-$3.txt | awk '{print $4, $NF}')"
  done
done | tee $R/summary.txt
tar czf $OUT/$R.tgz $R
