#!/usr/bin/env bash
# Device runs of the sixtieth session (2026-11-29), on an H200:
#   OUT=... bash results/h200/session60.run.sh first   stages 08 and 11, the library and
#     build/test_gpu, and beside them stage 08 three times with one patch each from
#     explore/session60/ (rcp, rows8, deep2; built in /tmp/v_NAME from a copy of steps, common and
#     the Makefile): test-gpu on stage 08 (HEAD, 22f1755, was not run on a GPU in the fifty-ninth
#     session), explore/session60/team512.sh, bench/peers.py on fp32 65536 x 512 with stage 08 as
#     it is and with STEP08_DEEP=0, inductor512.py, then test-gpu on stage 11
#   OUT=... bash results/h200/session60.run.sh two   stages 08 and 11, the library and
#     build/test_gpu: test-gpu on stage 08, explore/session60/two.sh (deep teams of 2 packs beyond
#     the L2), bench/peers.py on the "small" sweep's rows of 256 and 512 (fp32 131072 x 256,
#     65536 x 512; halves too) with stage 08 as it is and with STEP08_DEEP_TWO=0
#   OUT=... bash results/h200/session60.run.sh final   stages 03, 08, 11, the library and
#     build/test_gpu: test-gpu on stage 08, bench/peers.py's "small" sweep with the dispatcher,
#     stages 03 and 08 and every peer, test-gpu on stage 11, then compute-sanitizer on stage 08's
#     2-pack deep teams (explore/session60/sanitize.sh)
#   OUT=... bash results/h200/session60.run.sh verify   stages 08 and 11 and build/test_gpu:
#     test-gpu on stages 08 and 11 with the session's last kernels (013511f's steps/ and common/)
# GPU-agnostic: it runs unchanged on an H100.
part=${1:-first}
PROBES=results/h200/explore/session60
. "$(dirname "$0")/session_lib.sh"  # mk, test_gpu, peers_small; the call's files under ./$part/
variant() {  # variant NAME: stage 08 with $PROBES/NAME.patch, as build/v_NAME/step08
  local d=/tmp/v_$1
  mkdir -p $d build/v_$1 && cp -r steps common Makefile $d && patch -s -d $d -p1 < $PROBES/$1.patch &&
    make -C $d -j4 --no-print-directory DEPS=$PWD/$DEPS ARCH=sm_90 step08 > $R/build-$1.txt 2>&1 &&
    cp $d/step08 build/v_$1/
}
case $part in
first)
  pids=""
  for v in rcp rows8 deep2; do variant $v & pids="$pids $!"; done
  mk step08 step11 lib build/test_gpu && wait $pids && for v in rcp rows8 deep2; do [ -x build/v_$v/step08 ]; done ;;
two) mk step08 step11 lib build/test_gpu ;;
final) mk step03 step08 step11 lib build/test_gpu ;;
verify) mk step08 step11 build/test_gpu ;;
esac || { echo "the build failed"; tail -n 5 $R/build-*.txt; exit 1; }
echo "built $commit at ${SECONDS}s"
case $part in
first)
  LIMIT=260 test_gpu 08
  PROBE_UNTIL=420 timeout 440 bash $PROBES/team512.sh > $R/team512.txt 2>&1
  echo "team512 exit $? at ${SECONDS}s"; cat $R/team512.txt
  for deep in 1 0; do
    STEP08_DEEP=$deep GIT_DIR=/nonexistent timeout 60 python3 bench/peers.py --lib build/libsoftmax.so \
      --dtypes f32 --sweeps small --impls torch_compile,step08,step11 --filter 'f32/M:65536/N:512$' \
      --out $R/peers512-deep$deep.json > $R/peers512-deep$deep.txt 2>&1
    echo "peers deep=$deep exit $? at ${SECONDS}s"; grep -E "copy|compile|08|11" $R/peers512-deep$deep.txt | tail -n 4
  done
  mkdir -p $R/cache/inductor $R/cache/triton
  TORCHINDUCTOR_CACHE_DIR=$PWD/$R/cache/inductor TRITON_CACHE_DIR=$PWD/$R/cache/triton PTX_OUT=$R/inductor512.ptx \
    timeout 60 python3 $PROBES/inductor512.py > $R/inductor512.txt 2>&1
  echo "inductor512 exit $? at ${SECONDS}s"; cat $R/inductor512.txt; rm -rf $R/cache
  LIMIT=590 test_gpu 11 ;;
two)
  LIMIT=280 test_gpu 08
  PROBE_UNTIL=470 timeout 500 bash $PROBES/two.sh > $R/two.txt 2>&1
  echo "two exit $? at ${SECONDS}s"; cat $R/two.txt
  for two in 1 0; do
    STEP08_DEEP_TWO=$two GIT_DIR=/nonexistent timeout $((585 - SECONDS)) python3 bench/peers.py \
      --lib build/libsoftmax.so --dtypes f32,f16,bf16 --sweeps small --impls torch_compile,step08,step11 \
      --filter '/M:(65536/N:512|131072/N:256)$' --out $R/peers-two$two.json > $R/peers-two$two.txt 2>&1
    echo "peers two=$two exit $? at ${SECONDS}s"; grep -A4 "^GB/s" $R/peers-two$two.txt
  done ;;
final)
  LIMIT=270 test_gpu 08
  peers_small 380
  LIMIT=520 test_gpu 11
  timeout $((585 - SECONDS)) bash $PROBES/sanitize.sh > $R/sanitize.txt 2>&1
  echo "sanitize exit $? at ${SECONDS}s"; cat $R/sanitize.txt ;;
verify)
  LIMIT=300 test_gpu 08
  LIMIT=420 test_gpu 11 ;;
esac
