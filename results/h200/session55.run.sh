#!/usr/bin/env bash
# Device runs of the fifty-fifth session (2026-11-29), on an H200:
#   OUT=... bash results/h200/session55.run.sh models   stages 08, 10, 11 and 12;
#     explore/session55/models.sh (the "models" sweep's shapes under 95% of the copy, each under
#     the forms that might take it faster)
#   OUT=... bash results/h200/session55.run.sh slices   stages 08, 10, 11 and build/test_gpu: test-gpu
#     on stage 10, then explore/session55/slices.sh (stage 10's plan without 3 wider CTAs, against
#     it; clusters of 3 against 4; the dispatcher on rule 33's amendment)
#   OUT=... bash results/h200/session55.run.sh final   stages 03, 08, 10, 11, the library and
#     build/test_gpu: test-gpu on stage 11, explore/session55/final.sh (rule 33's amendment, two
#     rounds), then bench/peers.py's four other sweeps (small, between, unpacked, models) with the
#     dispatcher, stages 03 and 08 and every peer, as the forty-fifth session's peers part
#   OUT=... bash results/h200/session55.run.sh peers   every stage, the library and build/test_gpu:
#     stage 11's plans, test-gpu on stage 11, then bench/peers.py's default sweeps (m2048, batch,
#     vector), every implementation, as the fiftieth session's peers part
# GPU-agnostic: it runs unchanged on an H100.
part=${1:-models}
PROBES=results/h200/explore/session55
. "$(dirname "$0")/session_lib.sh"  # mk, test_gpu, sweeps; the call's files under ./$part/
case $part in
models) mk step08 step10 step11 step12 ;;
slices) mk step08 step10 step11 build/test_gpu ;;
final) mk step03 step08 step10 step11 lib build/test_gpu ;;
peers) mk all lib build/test_gpu ;;
esac || { echo "the build failed"; tail -n 5 $R/build-here.txt; exit 1; }
echo "built $commit at ${SECONDS}s"
case $part in
models)
  PROBE_UNTIL=$((530 - SECONDS)) timeout $((585 - SECONDS)) bash $PROBES/models.sh > $R/models.txt 2>&1
  echo "models exit $? at ${SECONDS}s"; cat $R/models.txt ;;
slices)
  LIMIT=300 test_gpu 10
  PROBE_UNTIL=$((530 - SECONDS)) timeout $((585 - SECONDS)) bash $PROBES/slices.sh > $R/slices.txt 2>&1
  echo "slices exit $? at ${SECONDS}s"; cat $R/slices.txt ;;
final)
  LIMIT=250 test_gpu 11
  PROBE_UNTIL=$((330 - SECONDS)) timeout $((350 - SECONDS)) bash $PROBES/final.sh > $R/final.txt 2>&1
  echo "final exit $? at ${SECONDS}s"; cat $R/final.txt
  GIT_DIR=/nonexistent timeout $((590 - SECONDS)) python3 bench/peers.py --lib build/libsoftmax.so \
    --dtypes f32,f16,bf16 --sweeps small,between,unpacked,models \
    --impls torch,torch_compile,triton_fused,triton_online,liger,step03,step08,step11 \
    --out $R/peers-short-$commit.json > $R/peers-short-$commit.txt 2>&1
  echo "peers exit $? at ${SECONDS}s"; tail -n 12 $R/peers-short-$commit.txt ;;
peers)
  for t in f32 f16 bf16; do ./step11 --plan --dtype $t >> $R/step11_plan_$commit.txt 2>&1; done
  LIMIT=250 test_gpu 11
  GIT_DIR=/nonexistent timeout $((590 - SECONDS)) python3 bench/peers.py --lib build/libsoftmax.so \
    --dtypes f32,f16,bf16 --sweeps m2048,batch,vector --out $R/peers-$commit.json > $R/peers-$commit.txt 2>&1
  echo "peers exit $? at ${SECONDS}s"; tail -n 12 $R/peers-$commit.txt ;;
esac
