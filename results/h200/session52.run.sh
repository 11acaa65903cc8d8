#!/usr/bin/env bash
# Device runs of the fifty-second session (2026-11-29), on an H200:
#   OUT=... bash results/h200/session52.run.sh team   stage 08, then explore/session52/team.sh
#     (the halves' 16-warp team against register caps, exp twice and other geometries)
#   OUT=... bash results/h200/session52.run.sh lean   stage 08 and build/test_gpu, then
#     explore/session52/lean.sh (the lean teams against those of before), then test-gpu on stage 08
#   OUT=... bash results/h200/session52.run.sh final   stage 08 and build/test_gpu;
#     explore/session52/confirm.sh (the committed rule against STEP08_LEAN=0), test-gpu on stages
#     08 and 11
#   OUT=... bash results/h200/session52.run.sh sweep   stage 11: its plans and its three sweeps
#   OUT=... bash results/h200/session52.run.sh sanitize   stage 08 --check under compute-sanitizer's
#     four tools (probe.sh's sanitize) on shapes its lean teams take
#   OUT=... bash results/h200/session52.run.sh wide   stage 08 (built with
#     explore/session52/wide.patch applied), then explore/session52/wide.sh (its wide block
#     against geometries of three blocks an SM)
#   OUT=... bash results/h200/session52.run.sh pipes   stages 09, 11 and 12 and build/test_gpu;
#     explore/session52/pipes.sh (halves at three rounds on one pipeline, against two and 12),
#     then test-gpu on stages 09 and 11, and stage 11's plans on the new amendment's shapes
#   OUT=... bash results/h200/session52.run.sh test   build/test_gpu, then test-gpu on the stages in
#     $TEST_STAGES (08 unless set)
# GPU-agnostic: it runs unchanged on an H100.
set -u
part=${1:-team}
PROBES=results/h200/explore/session52
OUT=${OUT:-/tmp/out}
DEPS=${DEPS:-.deps}
R=$part; mkdir -p $R
trap 'tar czf $OUT/$R.tgz $R' EXIT
export LD_LIBRARY_PATH=$PWD/$DEPS/lib:${LD_LIBRARY_PATH:-}
commit=$(cat .commit 2>/dev/null || echo unknown)
nvidia-smi > $R/nvidia-smi.txt 2>&1
mk() { make -j16 --no-print-directory DEPS=$PWD/$DEPS ARCH=sm_90 COMMIT=$commit "$@" > $R/build-here.txt 2>&1; }
case $part in
team) mk step08 ;;
lean) mk step08 build/test_gpu ;;
final) mk step08 build/test_gpu ;;
sweep) mk step11 ;;
sanitize) mk step08 ;;
wide) mk step08 ;;
pipes) mk step09 step11 step12 build/test_gpu ;;
test) mk build/test_gpu ;;
esac || { echo "the build failed"; tail -n 5 $R/build-here.txt; exit 1; }
echo "built $commit at ${SECONDS}s"
test_gpu() {
  local log=$R/test-gpu-$1.txt
  echo "test-gpu  commit $commit  $(date -u '+%Y-%m-%d %H:%M UTC')" > $log
  SOFTMAX_TEST_STAGES=$1 timeout $((${LIMIT:-585} - SECONDS)) build/test_gpu --duration=true >> $log 2>&1
  echo "test-gpu $1 exit $? at ${SECONDS}s"; tail -n 4 $log
}
case $part in
team)
  PROBE_UNTIL=$((560 - 25)) timeout $((585 - SECONDS)) bash $PROBES/team.sh > $R/team.txt 2>&1
  echo "team exit $? at ${SECONDS}s"; cat $R/team.txt ;;
lean)
  PROBE_UNTIL=$((400 - 25)) timeout $((420 - SECONDS)) bash $PROBES/lean.sh > $R/lean.txt 2>&1
  echo "lean exit $? at ${SECONDS}s"; cat $R/lean.txt
  test_gpu 08 ;;
final)
  PROBE_UNTIL=$((SECONDS + 120)) timeout 140 bash $PROBES/confirm.sh > $R/confirm.txt 2>&1
  echo "confirm exit $? at ${SECONDS}s"; cat $R/confirm.txt
  test_gpu 08; test_gpu 11 ;;
sweep)
  for t in f32 f16 bf16; do ./step11 --plan --dtype $t >> $R/step11_plan_$commit.txt 2>&1; done
  for t in f32 f16 bf16; do
    name=step11$([ $t = f32 ] || echo _$t)_$commit
    timeout 120 ./step11 --dtype $t --iters 30 --benchmark_out_format=json --benchmark_out=$R/$name.json \
      > $R/$name.txt 2>&1
    echo "$name exit $? at ${SECONDS}s"; tail -n 3 $R/$name.txt
  done
  cp $R/nvidia-smi.txt $R/nvidia-smi-$commit.txt ;;
sanitize)
  printf '%s\n' "f16 133 16384 lean, 16 warps" "f16 140 8192 lean, 8 warps" "f16 133 5120 lean block, 5 warps" \
    "f16 133 12288 lean block, 12 warps" "bf16 133 16384 lean, 16 warps" |
    timeout $((585 - SECONDS)) bash -c '. results/h100/explore/probe.sh; sanitize ./step08' > $R/sanitize08.txt 2>&1
  echo "sanitize exit $? at ${SECONDS}s"; cat $R/sanitize08.txt ;;
wide)
  PROBE_UNTIL=$((SECONDS + 200)) timeout 240 bash $PROBES/wide.sh > $R/wide.txt 2>&1
  echo "wide exit $? at ${SECONDS}s"; cat $R/wide.txt ;;
pipes)
  PROBE_UNTIL=$((SECONDS + 110)) timeout 150 bash $PROBES/pipes.sh > $R/pipes.txt 2>&1
  echo "pipes exit $? at ${SECONDS}s"; cat $R/pipes.txt
  for s in "f16 48 1048576" "f16 64 1048576" "f16 24 2097152" "bf16 64 1048576" "f16 47 1048576" \
    "f16 20 2097152" "f16 80 1048576" "f32 24 1048576"; do
    set -- $s; ./step11 --plan --dtype $1 --rows $2 --cols $3 >> $R/plan-amended.txt 2>&1
  done
  grep -E "^ +[0-9]+ +[0-9]+ " $R/plan-amended.txt | cut -c1-120
  test_gpu 09; test_gpu 11 ;;
test)
  for st in ${TEST_STAGES:-08}; do test_gpu $st; done ;;
esac
