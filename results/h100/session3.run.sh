#!/usr/bin/env bash
# Device runs of the third session (stage 10 loads by threads; peers with stages 10 and 11;
# ./step11 --tune), in parts that fit one device call each. OUT=folder (gets <part>.tgz),
# DEPS=prefix of Google Benchmark and doctest, COMMIT=the commit built (the device copy's git
# metadata is stale, results/h100/explore/README.md).
#   results/h100/session3.run.sh tests   build, make test-gpu, stage 10 again with each STEP10_LOAD
#   results/h100/session3.run.sh bench   sweeps: stage 10 (its plan, then each loader forced), stage 11
#   results/h100/session3.run.sh peers   bench/peers.py (torch, torch.compile, Triton, 08-11, copy)
#   results/h100/session3.run.sh tune    ./step11 --tune per dtype -> dispatch-table.txt
set -u
OUT=${OUT:-/tmp/out}
part=${1:-tests}
R=$part; mkdir -p $R
trap 'tar czf $OUT/$R.tgz $R' EXIT
M="make -j16 ${DEPS:+DEPS=$DEPS} ${COMMIT:+COMMIT=$COMMIT}"
B="--iters 30 --benchmark_out_format=json"
run() { out=$1; shift; timeout 200 "$@" $B --benchmark_out=$R/$out.json > $R/$out.txt 2>&1; echo "$out exit $?"; grep -E "^ +[0-9]+ +[0-9]+ +[a-z0-9]+ +[0-9.]+ " $R/$out.txt | tail -n 20; }
case $part in
tests)
  $M $(ls steps/*.cu | sed 's|steps/\([0-9][0-9]\)_.*|step\1|') build/test_gpu lib > $R/build.txt 2>&1 || { tail -20 $R/build.txt; exit 1; }
  timeout 420 build/test_gpu > $R/test-gpu.txt 2>&1; echo "test-gpu exit $?"; tail -n 4 $R/test-gpu.txt
  for l in threads bulk; do
    STEP10_LOAD=$l SOFTMAX_TEST_STAGES=10 timeout 100 build/test_gpu > $R/test-gpu-10-$l.txt 2>&1
    echo "test-gpu stage 10 $l exit $?"; tail -n 3 $R/test-gpu-10-$l.txt
  done ;;
bench)
  $M step10 step11 > $R/build.txt 2>&1 || { tail -20 $R/build.txt; exit 1; }
  run step10 ./step10
  run step10_f16 ./step10 --dtype f16
  run step10_bf16 ./step10 --dtype bf16
  for l in threads bulk; do
    STEP10_LOAD=$l run step10_$l ./step10
    STEP10_LOAD=$l run step10_${l}_f16 ./step10 --dtype f16
  done
  for t in f32 f16 bf16; do ./step11 --plan --dtype $t >> $R/step11_plan.txt 2>&1; done
  run step11 ./step11
  run step11_f16 ./step11 --dtype f16
  run step11_bf16 ./step11 --dtype bf16 ;;
peers)
  $M lib step08 step09 step10 step11 > $R/build.txt 2>&1 || { tail -20 $R/build.txt; exit 1; }
  timeout 540 python3 bench/peers.py --lib build/libsoftmax.so --dtypes f32,f16,bf16 \
    --impls torch,torch_compile,triton_fused,triton_online,liger,step08,step09,step10,step11,copy \
    --out $R/peers.json > $R/peers.txt 2>&1; echo "peers exit $?"; tail -n 60 $R/peers.txt ;;
tune)
  $M step11 > $R/build.txt 2>&1 || { tail -20 $R/build.txt; exit 1; }
  for t in f32 f16 bf16; do
    timeout 170 ./step11 --tune --dtype $t --iters 10 --out $R/dispatch-table-$t.txt > $R/tune-$t.txt 2>&1
    echo "tune $t exit $?"; grep -E "^ +[0-9]+ +[0-9]+ +(f32|f16|bf16) " $R/tune-$t.txt | tail -n 40
  done ;;
esac
