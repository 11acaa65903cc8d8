#!/usr/bin/env bash
# Device runs of the forty-ninth session (2026-11-28), on an H200:
#   OUT=... bash results/h200/session49.run.sh probe   stages 08, 10, 12 here and in a copy of the
#     tree whose stage files start with a macro that makes __expf stage 09's exp_ftz ($SP/ftz), then
#     explore/session49/ftz.sh; stage 09 here and before the forty-eighth session's changes
#     ($SP/s48base: explore/session49/stage09-session48.patch reversed), then shifted.sh
#   OUT=... bash results/h200/session49.run.sh final   the stages named in $STAGES (08 10 12 unless
#     set) here and before this session's change ($SP/base: explore/session49/ftz-adopt.patch
#     reversed), then final.sh; with $SANITIZE set, then explore/session49/sanitize09.sh
#   OUT=... bash results/h200/session49.run.sh test   build/test_gpu, then test-gpu on the stages in
#     $TEST_STAGES (12 unless set; SOFTMAX_TEST_STAGES), one after another; with $SHORT set, first
#     stage 08 here and before this session's change, explore/session49/short.sh
#   OUT=... bash results/h200/session49.run.sh rule12   stages 09, 11 and 12, then rule12.sh
#   OUT=... bash results/h200/session49.run.sh sweep   stage 11, its plans, then its sweeps in fp32,
#     fp16 and bf16 (30 timed iterations, JSON), as results/h100/device_build.sh's `sweeps step11`
#   OUT=... bash results/h200/session49.run.sh peers   every stage and the library, then bench/peers.py
#     on its default sweeps (m2048, batch, vector), every implementation, as session44's peers part
#   OUT=... bash results/h200/session49.run.sh tune   stage 11, then per dtype its plan and
#     `./step11 --tune --iters 10` (as session45's tune part), each begun only before 330 s
# GPU-agnostic: it runs unchanged on an H100.
set -u
part=${1:-probe}
PROBES=results/h200/explore/session49
OUT=${OUT:-/tmp/out}
DEPS=${DEPS:-.deps}
R=$part; mkdir -p $R
trap 'tar czf $OUT/$R.tgz $R' EXIT
export LD_LIBRARY_PATH=$PWD/$DEPS/lib:${LD_LIBRARY_PATH:-}
export SP=/tmp/s49
commit=$(cat .commit 2>/dev/null || echo unknown)
nvidia-smi > $R/nvidia-smi.txt 2>&1
build() {  # build DIR LABEL TARGET...: make the targets in DIR, its log in $R/build-LABEL.txt
  local dir=$1 label=$2; shift 2
  (cd $dir && make -j16 --no-print-directory DEPS=$OLDPWD/$DEPS ARCH=sm_90 COMMIT=$commit-$label "$@" \
    > $OLDPWD/$R/build-$label.txt 2>&1) &
  pids="$pids $!"
}
copy_tree() {  # copy_tree NAME: this tree without its build outputs, in $SP/NAME
  rm -rf $SP/$1 && mkdir -p $SP/$1 && tar --exclude=./build --exclude="./$R" -cf - . | tar xf - -C $SP/$1
}
pids=""
stages=${STAGES:-08 10 12}
case $part in
probe)
  build . here step08 step09 step10 step12
  copy_tree ftz
  defs='__device__ __forceinline__ float probe_exp_ftz(float x) { float y; asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x * 1.4426950408889634f)); return y; }\n#define __expf(x) probe_exp_ftz(x)'
  for f in 08_half 10_cluster 12_ring; do sed -i "1i $defs" $SP/ftz/steps/$f.cu; done
  build $SP/ftz ftz step08 step10 step12
  copy_tree s48base
  (cd $SP/s48base && patch -R -p1 -s < $OLDPWD/$PROBES/stage09-session48.patch) || { echo "patch failed"; exit 1; }
  build $SP/s48base s48base step09 ;;
final)
  build . here $(for s in $stages; do echo step$s; done) $([ -n "${SANITIZE:-}" ] && echo step09)
  copy_tree base
  (cd $SP/base && patch -R -p1 -s < $OLDPWD/$PROBES/ftz-adopt.patch) || { echo "patch failed"; exit 1; }
  build $SP/base base $(for s in $stages; do echo step$s; done) ;;
rule12)
  build . here step09 step11 step12 ;;
peers)
  make -j16 --no-print-directory DEPS=$PWD/$DEPS ARCH=sm_90 COMMIT=$commit all lib > $R/build-here.txt 2>&1 &
  pids=$! ;;
tune)
  make -j16 --no-print-directory DEPS=$PWD/$DEPS ARCH=sm_90 COMMIT=$commit step11 > $R/build-here.txt 2>&1 &
  pids=$! ;;
sweep)  # (the plain commit in the JSON, as the earlier sweeps have it)
  make -j16 --no-print-directory DEPS=$PWD/$DEPS ARCH=sm_90 COMMIT=$commit step11 > $R/build-here.txt 2>&1 &
  pids=$! ;;
test)
  build . here build/test_gpu $([ -n "${SHORT:-}" ] && echo step08)
  if [ -n "${SHORT:-}" ]; then
    copy_tree base
    (cd $SP/base && patch -R -p1 -s < $OLDPWD/$PROBES/ftz-adopt.patch) || { echo "patch failed"; exit 1; }
    build $SP/base base step08
  fi ;;
esac
for p in $pids; do wait $p || { echo "a build failed"; tail -n 5 $R/build*.txt; exit 1; }; done
echo "built $commit at ${SECONDS}s"
case $part in
probe)
  timeout $((585 - SECONDS - 150)) bash $PROBES/ftz.sh > $R/ftz.txt 2>&1
  echo "ftz exit $? at ${SECONDS}s"; cat $R/ftz.txt
  timeout $((585 - SECONDS)) bash $PROBES/shifted.sh > $R/shifted.txt 2>&1
  echo "shifted exit $? at ${SECONDS}s"; cat $R/shifted.txt ;;
final)
  timeout $((585 - SECONDS)) bash $PROBES/final.sh > $R/final.txt 2>&1
  echo "final exit $? at ${SECONDS}s"; cat $R/final.txt
  if [ -n "${SANITIZE:-}" ]; then
    timeout $((585 - SECONDS)) bash $PROBES/sanitize09.sh > $R/sanitize09.txt 2>&1
    echo "sanitize09 exit $? at ${SECONDS}s"; cat $R/sanitize09.txt
  fi ;;
peers)
  GIT_DIR=/nonexistent timeout $((585 - SECONDS)) python3 bench/peers.py --lib build/libsoftmax.so \
    --dtypes f32,f16,bf16 --sweeps m2048,batch,vector --out $R/peers-$commit.json > $R/peers-$commit.txt 2>&1
  echo "peers exit $? at ${SECONDS}s"; tail -n 12 $R/peers-$commit.txt ;;
tune)
  for t in f32 f16 bf16; do
    [ $SECONDS -lt 330 ] || { echo "skipped (time): tune $t"; break; }
    ./step11 --plan --dtype $t > $R/plan-$t.txt 2>&1
    timeout $((440 - SECONDS)) ./step11 --tune --dtype $t --iters 10 --out $R/dispatch-table-$t.txt \
      > $R/tune-$t.txt 2>&1
    echo "tune $t exit $? at ${SECONDS}s"; tail -n 2 $R/tune-$t.txt
  done ;;
sweep)
  for t in f32 f16 bf16; do ./step11 --plan --dtype $t >> $R/step11_plan.txt 2>&1; done
  for t in f32 f16 bf16; do
    name=step11$([ $t = f32 ] || echo _$t)
    timeout 120 ./step11 --dtype $t --iters 30 --benchmark_out_format=json --benchmark_out=$R/$name.json \
      > $R/$name.txt 2>&1
    echo "$name exit $? at ${SECONDS}s"; tail -n 3 $R/$name.txt
  done ;;
rule12)
  timeout $((585 - SECONDS)) bash $PROBES/rule12.sh > $R/rule12.txt 2>&1
  echo "rule12 exit $? at ${SECONDS}s"; cat $R/rule12.txt ;;
test)
  if [ -n "${SHORT:-}" ]; then
    timeout 200 bash $PROBES/short.sh > $R/short.txt 2>&1
    echo "short exit $? at ${SECONDS}s"; cat $R/short.txt
  fi
  for st in ${TEST_STAGES:-12}; do
    echo "test-gpu  commit $commit  $(date -u '+%Y-%m-%d %H:%M UTC')" > $R/test-gpu-$st.txt
    SOFTMAX_TEST_STAGES=$st timeout $((585 - SECONDS)) build/test_gpu --duration=true >> $R/test-gpu-$st.txt 2>&1
    echo "test-gpu $st exit $? at ${SECONDS}s"; tail -n 4 $R/test-gpu-$st.txt
  done ;;
esac
