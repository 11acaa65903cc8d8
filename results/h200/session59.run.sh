#!/usr/bin/env bash
# Device runs of the fifty-ninth session (2026-11-29), on an H200:
#   OUT=... bash results/h200/session59.run.sh fold   stages 08 and 10 and build/test_gpu, and
#     beside them 25195c4's stages 08 and 10 (carry build/base/base.tgz, from `git archive 25195c4
#     steps/08_half.cu steps/10_cluster.cu common Makefile`): explore/session59/fold.sh (one FFMA
#     an exponential in the teams and one-pass blocks, against 25195c4)
#   OUT=... bash results/h200/session59.run.sh rcp   stage 08 and build/test_gpu, and 25195c4's
#     stage 08 as in fold: explore/session59/rcp.sh (1 / sum as one MUFU.RCP in the short-row
#     kernels, pack_rows' groups two or four a thread), then test-gpu on stage 08
#   OUT=... bash results/h200/session59.run.sh final   stages 03, 08, 11, the library and
#     build/test_gpu: test-gpu on stage 08, bench/peers.py's "small" sweep with the dispatcher,
#     stages 03 and 08 and every peer, then test-gpu on stage 11
#   OUT=... bash results/h200/session59.run.sh inductor   no build: explore/session59/inductor.py
#     (the Triton code torch.compile generates for the sweep's fp32 rows of 2, 3, 4, 16 and 512)
#   OUT=... bash results/h200/session59.run.sh direct   stage 08 and build/test_gpu, and c2779c6's
#     stage 08 (carry build/base/base.tgz, from `git archive c2779c6 steps/08_half.cu common
#     Makefile`): explore/session59/direct.sh (pack_rows' one-pack groups without shared memory),
#     then test-gpu on stage 08
#   OUT=... bash results/h200/session59.run.sh sweep   stages 03, 08, 11 and the library: the
#     peers' "small" sweep again, with pack_rows' groups of one pack through registers
# The test-gpu logs are in results/h200/ as test-gpu-08-cde5060, -08-c2779c6, -11-c2779c6 and
# -08-41aa4aa (.txt.gz); the peers' sweeps as peers-small-c2779c6 and -3bbb21a (.json, .txt).
# fold ran at 6d0fc15 (its steps/ and common/ are 172e334's), rcp at cde5060, final at c2779c6,
# inductor at c3612d9, direct at 41aa4aa, sweep at 3bbb21a (5985000's kernels).
# GPU-agnostic: it runs unchanged on an H100.
part=${1:-fold}
PROBES=results/h200/explore/session59
. "$(dirname "$0")/session_lib.sh"  # mk, test_gpu, peers_small; the call's files under ./$part/
case $part in
fold)
  (mkdir -p /tmp/base && tar xzf build/base/base.tgz -C /tmp/base &&
    make -C /tmp/base -j6 --no-print-directory DEPS=$PWD/$DEPS ARCH=sm_90 step08 step10 > $R/build-base.txt 2>&1 &&
    cp /tmp/base/step08 /tmp/base/step10 build/base/) &
  mk step08 step10 build/test_gpu && wait $! && [ -x build/base/step08 ] && [ -x build/base/step10 ] ;;
rcp)
  (mkdir -p /tmp/base && tar xzf build/base/base.tgz -C /tmp/base &&
    make -C /tmp/base -j6 --no-print-directory DEPS=$PWD/$DEPS ARCH=sm_90 step08 > $R/build-base.txt 2>&1 &&
    cp /tmp/base/step08 build/base/) &
  mk step08 build/test_gpu && wait $! && [ -x build/base/step08 ] ;;
final) mk step03 step08 step11 lib build/test_gpu ;;
inductor) true ;;
sweep) mk step03 step08 step11 lib ;;
direct)
  (mkdir -p /tmp/base && tar xzf build/base/base.tgz -C /tmp/base &&
    make -C /tmp/base -j6 --no-print-directory DEPS=$PWD/$DEPS ARCH=sm_90 step08 > $R/build-base.txt 2>&1 &&
    cp /tmp/base/step08 build/base/) &
  mk step08 build/test_gpu && wait $! && [ -x build/base/step08 ] ;;
esac || { echo "the build failed"; tail -n 5 $R/build-here.txt $R/build-base.txt; exit 1; }
echo "built $commit at ${SECONDS}s"
case $part in
fold)
  PROBE_UNTIL=420 timeout 440 bash $PROBES/fold.sh > $R/fold.txt 2>&1
  echo "fold exit $? at ${SECONDS}s"; cat $R/fold.txt ;;
rcp)
  PROBE_UNTIL=330 timeout 350 bash $PROBES/rcp.sh > $R/rcp.txt 2>&1
  echo "rcp exit $? at ${SECONDS}s"; cat $R/rcp.txt
  LIMIT=595 test_gpu 08 ;;
final)
  LIMIT=300 test_gpu 08
  peers_small 480
  LIMIT=595 test_gpu 11 ;;
direct)
  PROBE_UNTIL=250 timeout 270 bash $PROBES/direct.sh > $R/direct.txt 2>&1
  echo "direct exit $? at ${SECONDS}s"; cat $R/direct.txt
  LIMIT=595 test_gpu 08 ;;
sweep)
  peers_small 265 ;;
inductor)
  mkdir -p $R/cache/inductor $R/cache/triton
  TORCHINDUCTOR_CACHE_DIR=$PWD/$R/cache/inductor TRITON_CACHE_DIR=$PWD/$R/cache/triton \
    timeout 300 python3 $PROBES/inductor.py > $R/inductor.txt 2>&1
  echo "inductor exit $? at ${SECONDS}s"; cat $R/inductor.txt
  find $R/cache -type f \( -name '*.cubin' -o -name '*.so' -o -name '*.llir' -o -name '*.ttir' \) -delete ;;
esac
