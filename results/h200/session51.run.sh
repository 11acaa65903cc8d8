#!/usr/bin/env bash
# Device runs of the fifty-first session (2026-11-28), on an H200:
#   OUT=... bash results/h200/session51.run.sh prefetch   stage 09 here and in a copy of the tree
#     with explore/session51/prefetch.patch reversed ($SP/head: the stage before STEP09_PREFETCH),
#     then explore/session51/prefetch.sh (the next round's chunks prefetched into L2, or not)
#   OUT=... bash results/h200/session51.run.sh fit   stage 09, then explore/session51/fit.sh (its
#     shared-memory form launched with the slices its chunks reach, or with all 13)
#   OUT=... bash results/h200/session51.run.sh final   stages 09-12 and build/test_gpu; test-gpu on
#     stage 09; stage 11's plans and sweeps (as session50's sweep part); then
#     explore/session51/rules.sh (09 against 12 where the rules give 12 past 64 MB)
#   OUT=... bash results/h200/session51.run.sh edges   stages 09 and 12, then
#     explore/session51/edges.sh
#   OUT=... bash results/h200/session51.run.sh plan   stage 11's plans on the shapes of the H200's
#     new amendments and around them, then the test part on stage 11
#   OUT=... bash results/h200/session51.run.sh sanitize   stage 09 --check under compute-sanitizer's
#     four tools (probe.sh's sanitize) on two shapes its fitted two pipelines take
#   OUT=... bash results/h200/session51.run.sh test   build/test_gpu, then test-gpu on the stages in
#     $TEST_STAGES (09 unless set), once as built and once under $TEST_ENV (if set, "VAR=VALUE")
# GPU-agnostic: it runs unchanged on an H100.
set -u
part=${1:-prefetch}
PROBES=results/h200/explore/session51
OUT=${OUT:-/tmp/out}
DEPS=${DEPS:-.deps}
R=$part; mkdir -p $R
trap 'tar czf $OUT/$R.tgz $R' EXIT
export LD_LIBRARY_PATH=$PWD/$DEPS/lib:${LD_LIBRARY_PATH:-}
commit=$(cat .commit 2>/dev/null || echo unknown)
export SP=/tmp/s51
nvidia-smi > $R/nvidia-smi.txt 2>&1
mk() { make -j16 --no-print-directory DEPS=$PWD/$DEPS ARCH=sm_90 COMMIT=$commit "$@" > $R/build-here.txt 2>&1; }
case $part in
prefetch)
  rm -rf $SP/head && mkdir -p $SP/head && tar --exclude=./build --exclude="./$R" -cf - . | tar xf - -C $SP/head
  (cd $SP/head && patch -R -p1 -s < $OLDPWD/$PROBES/prefetch.patch) || { echo "patch -R failed"; exit 1; }
  (cd $SP/head && make -j8 --no-print-directory DEPS=$OLDPWD/$DEPS ARCH=sm_90 COMMIT=$commit-head \
    step09 > $OLDPWD/$R/build-head.txt 2>&1) &
  hp=$!
  mk step09 && wait $hp ;;
fit) mk step09 ;;
edges) mk step09 step12 ;;
final) mk step09 step10 step11 step12 build/test_gpu ;;
test) mk build/test_gpu ;;
plan) mk step11 build/test_gpu ;;
sanitize) mk step09 ;;
esac || { echo "the build failed"; tail -n 5 $R/build-here.txt; exit 1; }
echo "built $commit at ${SECONDS}s"
# test_gpu ST [VAR=VALUE]: stage ST's cases of build/test_gpu (under VAR=VALUE, if given), logged
test_gpu() {
  local e=${2:-} log
  log=$R/test-gpu-$1${e:+-${e//[^A-Za-z0-9]/_}}.txt
  echo "test-gpu  commit $commit  ${e:-(as built)}  $(date -u '+%Y-%m-%d %H:%M UTC')" > $log
  env $e SOFTMAX_TEST_STAGES=$1 timeout $((585 - SECONDS)) build/test_gpu --duration=true >> $log 2>&1
  echo "test-gpu $1 ${e:-(as built)} exit $? at ${SECONDS}s"; tail -n 4 $log
}
case $part in
prefetch)
  printf '#!/bin/sh\nexec %s/head/step09 "$@"\n' $SP > step09_head
  printf '#!/bin/sh\nSTEP09_PREFETCH=4 STEP09_PREFETCH_LAST=1 exec ./step09 "$@"\n' > step09_pf4l
  printf '#!/bin/sh\nSTEP09_PREFETCH=4 STEP09_PIPELINES=0 exec ./step09 "$@"\n' > step09_pf4p0
  chmod +x step09_head step09_pf4l step09_pf4p0
  PROBE_UNTIL=$((560 - 25)) timeout $((585 - SECONDS)) bash $PROBES/prefetch.sh > $R/prefetch.txt 2>&1
  echo "prefetch exit $? at ${SECONDS}s"; cat $R/prefetch.txt ;;
fit)
  PROBE_UNTIL=$((560 - 25)) timeout $((585 - SECONDS)) bash $PROBES/fit.sh > $R/fit.txt 2>&1
  echo "fit exit $? at ${SECONDS}s"; cat $R/fit.txt ;;
final)
  test_gpu 09
  for t in f32 f16 bf16; do ./step11 --plan --dtype $t >> $R/step11_plan_$commit.txt 2>&1; done
  for t in f32 f16 bf16; do
    name=step11$([ $t = f32 ] || echo _$t)_$commit
    timeout 120 ./step11 --dtype $t --iters 30 --benchmark_out_format=json --benchmark_out=$R/$name.json \
      > $R/$name.txt 2>&1
    echo "$name exit $? at ${SECONDS}s"; tail -n 3 $R/$name.txt
  done
  cp $R/nvidia-smi.txt $R/nvidia-smi-$commit.txt
  PROBE_UNTIL=$((560 - 25)) timeout $((585 - SECONDS)) bash $PROBES/rules.sh > $R/rules.txt 2>&1
  echo "rules exit $? at ${SECONDS}s"; cat $R/rules.txt ;;
edges)
  PROBE_UNTIL=$((560 - 25)) timeout $((585 - SECONDS)) bash $PROBES/edges.sh > $R/edges.txt 2>&1
  echo "edges exit $? at ${SECONDS}s"; cat $R/edges.txt ;;
sanitize)
  printf 'f32 12 2097152 two pipelines, 8 slices fitted\nf16 24 2097152 two pipelines, fitted\n' |
    timeout $((585 - SECONDS)) bash -c '. results/h100/explore/probe.sh; sanitize ./step09' > $R/sanitize09.txt 2>&1
  echo "sanitize exit $? at ${SECONDS}s"; cat $R/sanitize09.txt ;;
plan)
  for s in "f32 48 1048576" "f32 128 524288" "f32 80 524288" "f32 32 1048576" "f16 128 1048576" \
    "f16 64 2097152" "f16 96 1048576" "f16 256 524288" "bf16 128 1048576"; do
    set -- $s; ./step11 --plan --dtype $1 --rows $2 --cols $3 >> $R/plan-amended.txt 2>&1
  done
  grep -E "^ +[0-9]+ +[0-9]+ " $R/plan-amended.txt | cut -c1-140
  TEST_STAGES=11 ;&
test)
  for st in ${TEST_STAGES:-09}; do
    for e in "" ${TEST_ENV:-}; do test_gpu $st $e; done
  done ;;
esac
