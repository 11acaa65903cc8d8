#!/usr/bin/env bash
# Device runs of the ninth session (many rows of 2-64 KB: what Triton's fused kernel does that the
# warp per row and stage 08's block per row do not), in parts that fit one device call each.
# Binaries built beforehand for sm_90 and carried (BIN=folder; DEPS=prefix with Google Benchmark's lib/).
#   OUT=... BIN=.bin DEPS=.deps bash results/h100/session9.run.sh rows    the rows.cu probe; Triton's fused kernel and the dispatcher on the same shapes
#   OUT=... BIN=.bin DEPS=.deps bash results/h100/session9.run.sh team    stage 08's team of warps: test-gpu of 08 and 11, the new short-rows case for every stage, sweeps of 03, 04, 08, few rows 04 against 08, the probe again
#   OUT=... BIN=.bin DEPS=.deps bash results/h100/session9.run.sh verify  the probe again (fixed); sanitizers on 08's team sizes; test-gpu of 08 and 11 (7595bf8)
#   OUT=... BIN=.bin DEPS=.deps bash results/h100/session9.run.sh peers   every peer against the dispatcher, fp32, fp16 and bf16 (7595bf8)
# BIN/rows: nvcc -O3 -std=c++17 -arch=sm_90 -Icommon -o .bin/rows results/h100/explore/session9/rows.cu
set -u
OUT=${OUT:-/tmp/out}
BIN=${BIN:-.}
part=${1:-rows}
R=$part; mkdir -p $R
trap 'tar czf $OUT/$R.tgz $R' EXIT
export LD_LIBRARY_PATH=${DEPS:+$DEPS/lib:}${LD_LIBRARY_PATH:-}
REPO=${REPO:-$(cd "$(dirname "$0")/../.." && pwd)}
B="--iters 30 --benchmark_out_format=json"
# A step starts only while the call has `budget` seconds left of its own limit.
budget() { [ $SECONDS -lt $1 ] || { echo "skipped (time): $2"; return 1; }; }
run() { out=$1; shift; budget 520 $out || return; timeout 120 "$@" $B --benchmark_out=$R/$out.json > $R/$out.txt 2>&1
        echo "$out exit $? at ${SECONDS}s"; grep -E "^ +[0-9]+ +[0-9]+ +[a-z0-9]+ +[0-9.]+ " $R/$out.txt | awk '{print $1, $2, $4, $NF}' | tr '\n' ';'; echo; }
case $part in
rows)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  timeout 300 $BIN/rows 30 > $R/rows.txt 2>&1; echo "rows exit $? at ${SECONDS}s"
  (cd $REPO && timeout 240 python3 bench/peers.py --lib $BIN/libsoftmax.so --dtypes f32,f16 --no-preflight \
    --impls triton_fused,step11,copy --sweeps m2048,batch --filter 'N:(1024|2048|4096|8192|16384|32768)$' \
    --out $OUT/$R/peers-rows.json > $OUT/$R/peers-rows.txt 2>&1); echo "peers exit $? at ${SECONDS}s"
  tail -n 40 $R/peers-rows.txt ;;
team)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  SOFTMAX_TEST_STAGES=08,11 timeout 200 $BIN/test_gpu > $R/test-gpu-08-11.txt 2>&1; echo "test-gpu 08,11 exit $? at ${SECONDS}s"
  tail -n 3 $R/test-gpu-08-11.txt
  timeout 120 $BIN/test_gpu -tc="*128 B to 128 KB*" > $R/test-gpu-short-rows.txt 2>&1; echo "short rows exit $? at ${SECONDS}s"
  tail -n 3 $R/test-gpu-short-rows.txt
  run step08 $BIN/step08
  run step08_f16 $BIN/step08 --dtype f16
  run step08_bf16 $BIN/step08 --dtype bf16
  run step03 $BIN/step03
  run step04 $BIN/step04
  # Few fp32 rows: stage 04 (the old rule for M <= 8) against 08's team.
  for m in 1 4 8; do for n in 1024 2048 4096 8192 16384 32768; do for s in 04 08; do
    budget 560 "$s $m $n" || break 3
    echo "$s f32 $m $n: $($BIN/step$s --rows $m --cols $n --iters 50 2>&1 | grep -E "^ +$m +$n " | awk '{print $4, $NF}')" | tee -a $R/few_rows.txt
  done; done; done
  budget 560 probe && { timeout 60 $BIN/rows 30 > $R/rows.txt 2>&1; echo "rows exit $? at ${SECONDS}s"; } ;;
verify)
  san() { tool=$1; shift; budget 200 "$tool $*" || return; echo "== $tool $*" >> $R/sanitize-08.txt
          timeout 60 compute-sanitizer --tool $tool --error-exitcode 1 $BIN/step08 --check "$@" >> $R/sanitize-08.txt 2>&1
          echo "$tool $* exit $? at ${SECONDS}s"; }
  timeout 90 $BIN/rows 30 > $R/rows.txt 2>&1; echo "rows exit $? at ${SECONDS}s"
  for tool in memcheck racecheck synccheck; do
    san $tool --rows 7 --cols 512 --dtype f16      # two rows a block, a team past the last row
    san $tool --rows 5 --cols 32768 --dtype bf16   # 32 warps a row
    san $tool --rows 3 --cols 2048                 # fp32, 4 warps x 4 packs
  done
  SOFTMAX_TEST_STAGES=08,11 timeout 470 $BIN/test_gpu > $R/test-gpu-08-11.txt 2>&1; echo "test-gpu 08,11 exit $? at ${SECONDS}s"
  tail -n 3 $R/test-gpu-08-11.txt ;;
peers)
  cp $BIN/step* . 2>/dev/null  # peers.py's preflight runs ./stepNN --check
  for t in f32 f16 bf16; do $BIN/step11 --plan --dtype $t >> $R/step11_plan.txt 2>&1; done
  timeout 560 python3 $REPO/bench/peers.py --lib $BIN/libsoftmax.so --dtypes f32,f16,bf16 \
    --impls torch,torch_compile,triton_fused,triton_online,liger,step08,step09,step10,step11,copy \
    --out $R/peers.json > $R/peers.txt 2>&1; echo "peers exit $? at ${SECONDS}s"; tail -n 30 $R/peers.txt ;;
esac
