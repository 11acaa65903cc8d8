#!/usr/bin/env bash
# Device runs of the fiftieth session (2026-11-28), on an H200:
#   OUT=... bash results/h200/session50.run.sh regions   stages 03, 04, 08, 09, 10 and 12, then
#     explore/session50/regions.sh (the H100-drawn rules' stages against the H200's faster ones)
#   OUT=... bash results/h200/session50.run.sh edges   stages 04, 08, 09 and 12, then
#     explore/session50/edges.sh (the edges of the H200's amendments)
#   OUT=... bash results/h200/session50.run.sh keep   stages 08 and 10 here and in a copy of the
#     tree with explore/session50/keep.patch applied ($SP/keep, with its build/test_gpu), then
#     explore/session50/keep.sh, then the copy's test-gpu on stages 08 and 10
#   OUT=... bash results/h200/session50.run.sh test   build/test_gpu, then test-gpu on the stages in
#     $TEST_STAGES (11 unless set; SOFTMAX_TEST_STAGES), one after another
#   OUT=... bash results/h200/session50.run.sh sweep   stage 11, its plans, then its sweeps in fp32,
#     fp16 and bf16 (30 timed iterations, JSON), as results/h100/device_build.sh's `sweeps step11`
#   OUT=... bash results/h200/session50.run.sh peers   every stage and the library, then bench/peers.py
#     on its default sweeps (m2048, batch, vector), every implementation, as session44's peers part
# GPU-agnostic: it runs unchanged on an H100 (where the H200's rules do not apply).
set -u
part=${1:-regions}
PROBES=results/h200/explore/session50
OUT=${OUT:-/tmp/out}
DEPS=${DEPS:-.deps}
R=$part; mkdir -p $R
trap 'tar czf $OUT/$R.tgz $R' EXIT
export LD_LIBRARY_PATH=$PWD/$DEPS/lib:${LD_LIBRARY_PATH:-}
commit=$(cat .commit 2>/dev/null || echo unknown)
export SP=/tmp/s50
nvidia-smi > $R/nvidia-smi.txt 2>&1
mk() { make -j16 --no-print-directory DEPS=$PWD/$DEPS ARCH=sm_90 COMMIT=$commit "$@" > $R/build-here.txt 2>&1; }
case $part in
regions) mk step03 step04 step08 step09 step10 step11 step12 ;;
edges) mk step04 step08 step09 step12 ;;
keep)
  rm -rf $SP/keep && mkdir -p $SP/keep && tar --exclude=./build --exclude="./$R" -cf - . | tar xf - -C $SP/keep
  (cd $SP/keep && patch -p1 -s < $OLDPWD/$PROBES/keep.patch) || { echo "patch failed"; exit 1; }
  (cd $SP/keep && make -j16 --no-print-directory DEPS=$OLDPWD/$DEPS ARCH=sm_90 COMMIT=$commit-keep \
    step08 step10 build/test_gpu > $OLDPWD/$R/build-keep.txt 2>&1) &
  kp=$!
  mk step08 step10 && wait $kp ;;
test) mk build/test_gpu ;;
sweep) mk step11 ;;
peers) mk all lib ;;
esac || { echo "the build failed"; tail -n 5 $R/build-here.txt; exit 1; }
echo "built $commit at ${SECONDS}s"
case $part in
keep)
  BASE=. NEW=$SP/keep timeout $((585 - SECONDS - 150)) bash $PROBES/keep.sh > $R/keep.txt 2>&1
  echo "keep exit $? at ${SECONDS}s"; cat $R/keep.txt
  for st in 08 10; do
    echo "test-gpu  commit $commit-keep  $(date -u '+%Y-%m-%d %H:%M UTC')" > $R/test-gpu-$st-keep.txt
    (cd $SP/keep && SOFTMAX_TEST_STAGES=$st timeout $((585 - SECONDS)) build/test_gpu --duration=true) \
      >> $R/test-gpu-$st-keep.txt 2>&1
    echo "test-gpu $st (keep) exit $? at ${SECONDS}s"; tail -n 4 $R/test-gpu-$st-keep.txt
  done ;;
edges)
  PROBE_UNTIL=$((560 - 25)) timeout $((585 - SECONDS)) bash $PROBES/edges.sh > $R/edges.txt 2>&1
  echo "edges exit $? at ${SECONDS}s"; cat $R/edges.txt ;;
regions)
  PROBE_UNTIL=$((560 - 25)) timeout $((585 - SECONDS)) bash $PROBES/regions.sh > $R/regions.txt 2>&1
  echo "regions exit $? at ${SECONDS}s"; cat $R/regions.txt ;;
test)
  for st in ${TEST_STAGES:-11}; do
    echo "test-gpu  commit $commit  $(date -u '+%Y-%m-%d %H:%M UTC')" > $R/test-gpu-$st.txt
    SOFTMAX_TEST_STAGES=$st timeout $((585 - SECONDS)) build/test_gpu --duration=true >> $R/test-gpu-$st.txt 2>&1
    echo "test-gpu $st exit $? at ${SECONDS}s"; tail -n 4 $R/test-gpu-$st.txt
  done ;;
sweep)
  for t in f32 f16 bf16; do ./step11 --plan --dtype $t >> $R/step11_plan.txt 2>&1; done
  for t in f32 f16 bf16; do
    name=step11$([ $t = f32 ] || echo _$t)
    timeout 120 ./step11 --dtype $t --iters 30 --benchmark_out_format=json --benchmark_out=$R/$name.json \
      > $R/$name.txt 2>&1
    echo "$name exit $? at ${SECONDS}s"; tail -n 3 $R/$name.txt
  done ;;
peers)
  GIT_DIR=/nonexistent timeout $((585 - SECONDS)) python3 bench/peers.py --lib build/libsoftmax.so \
    --dtypes f32,f16,bf16 --sweeps m2048,batch,vector --out $R/peers-$commit.json > $R/peers-$commit.txt 2>&1
  echo "peers exit $? at ${SECONDS}s"; tail -n 12 $R/peers-$commit.txt ;;
esac
