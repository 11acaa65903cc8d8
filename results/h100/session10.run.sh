#!/usr/bin/env bash
# Device runs of the tenth session: the records of stage 08's team of warps (7595bf8's kernels, built
# as 21fceeb) again — the ninth session's outputs were lost with that session — in two device calls.
# Binaries built beforehand for sm_90 and carried (BIN=folder; DEPS=prefix with Google Benchmark's lib/).
#   OUT=... BIN=.bin DEPS=.deps bash results/h100/session10.run.sh check  test-gpu of 08 and 11, the short-rows case for every stage, sanitizers on 08's team sizes, the rows.cu probe
#   OUT=... BIN=.bin DEPS=.deps bash results/h100/session10.run.sh bench  sweeps of 08 and 11 (three dtypes), 03, 04; every peer against the dispatcher; few fp32 rows, 04 against 08
#   OUT=... BIN=.bin DEPS=.deps bash results/h100/session10.run.sh packs  039c387 (stage 09's kernel of 1-8 packs): test-gpu of 09 and 11, sanitizers on the small kernels, sweeps of 09 and 11
#   OUT=... BIN=.bin DEPS=.deps bash results/h100/session10.run.sh peers  039c387: every peer against the dispatcher, three dtypes
#   OUT=... BIN=.bin DEPS=.deps bash results/h100/session10.run.sh rule   6fda352 (fp32 few rows of 128 KB to stage 09): test-gpu of 11, the fp32 sweep of 11, fp32 peers
# BIN/rows: nvcc -O3 -std=c++17 -arch=sm_90 -Icommon -o .bin/rows results/h100/explore/session9/rows.cu
set -u
OUT=${OUT:-/tmp/out}
BIN=${BIN:-.}
part=${1:-check}
R=$part; mkdir -p $R
trap 'tar czf $OUT/$R.tgz $R' EXIT
export LD_LIBRARY_PATH=${DEPS:+$DEPS/lib:}${LD_LIBRARY_PATH:-}
REPO=${REPO:-$(cd "$(dirname "$0")/../.." && pwd)}
B="--iters 30 --benchmark_out_format=json"
# A step starts only while the call has `budget` seconds left of its own limit.
budget() { [ $SECONDS -lt $1 ] || { echo "skipped (time): $2"; return 1; }; }
run() { out=$1; shift; budget 480 $out || return; timeout 90 "$@" $B --benchmark_out=$R/$out.json > $R/$out.txt 2>&1
        echo "$out exit $? at ${SECONDS}s"; grep -E "^ +[0-9]+ +[0-9]+ +[a-z0-9]+ +[0-9.]+ " $R/$out.txt | awk '{print $1, $2, $4, $NF}' | tr '\n' ';'; echo; }
case $part in
check)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  san() { tool=$1; shift; budget 540 "$tool $*" || return; echo "== $tool $*" >> $R/sanitize-08.txt
          timeout 50 compute-sanitizer --tool $tool --error-exitcode 1 $BIN/step08 --check "$@" >> $R/sanitize-08.txt 2>&1
          echo "$tool $* exit $? at ${SECONDS}s"; }
  SOFTMAX_TEST_STAGES=08,11 timeout 260 $BIN/test_gpu > $R/test-gpu-08-11.txt 2>&1; echo "test-gpu 08,11 exit $? at ${SECONDS}s"
  tail -n 3 $R/test-gpu-08-11.txt
  timeout 120 $BIN/test_gpu -tc="*128 B to 128 KB*" > $R/test-gpu-short-rows.txt 2>&1; echo "short rows exit $? at ${SECONDS}s"
  tail -n 3 $R/test-gpu-short-rows.txt
  budget 500 probe && { timeout 60 $BIN/rows 30 > $R/rows.txt 2>&1; echo "rows exit $? at ${SECONDS}s"; }
  for tool in memcheck racecheck synccheck; do
    san $tool --rows 7 --cols 512 --dtype f16      # two rows a block, a team past the last row
    san $tool --rows 5 --cols 32768 --dtype bf16   # 32 warps a row
    san $tool --rows 3 --cols 2048                 # fp32, 4 warps x 4 packs
  done ;;
packs)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  san() { tool=$1; shift; budget 300 "$tool $*" || return; echo "== $tool $*" >> $R/sanitize-09.txt
          timeout 50 compute-sanitizer --tool $tool --error-exitcode 1 $BIN/step09 --check "$@" >> $R/sanitize-09.txt 2>&1
          echo "$tool $* exit $? at ${SECONDS}s"; }
  SOFTMAX_TEST_STAGES=09,11 timeout 280 $BIN/test_gpu > $R/test-gpu-09-11.txt 2>&1; echo "test-gpu 09,11 exit $? at ${SECONDS}s"
  tail -n 3 $R/test-gpu-09-11.txt
  for tool in memcheck racecheck synccheck; do
    san $tool --rows 4 --cols 65539 --dtype f16     # 1 pack, rows not 16-byte aligned
    san $tool --rows 3 --cols 262144 --dtype bf16   # 2 packs
    san $tool --rows 1 --cols 2097152               # fp32, 8 packs (this comment said 4 when it ran)
  done
  run step09 $BIN/step09
  run step09_f16 $BIN/step09 --dtype f16
  run step09_bf16 $BIN/step09 --dtype bf16
  run step11 $BIN/step11
  run step11_f16 $BIN/step11 --dtype f16
  run step11_bf16 $BIN/step11 --dtype bf16 ;;
peers)
  for t in f32 f16 bf16; do $BIN/step11 --plan --dtype $t >> $R/step11_plan.txt 2>&1; done
  timeout 560 python3 $REPO/bench/peers.py --lib $BIN/libsoftmax.so --dtypes f32,f16,bf16 \
    --impls torch,torch_compile,triton_fused,triton_online,liger,step08,step09,step10,step11,copy \
    --out $R/peers.json > $R/peers.txt 2>&1; echo "peers exit $? at ${SECONDS}s"; tail -n 30 $R/peers.txt ;;
rule)
  SOFTMAX_TEST_STAGES=11 timeout 200 $BIN/test_gpu > $R/test-gpu-11.txt 2>&1; echo "test-gpu 11 exit $? at ${SECONDS}s"
  tail -n 3 $R/test-gpu-11.txt
  $BIN/step11 --plan > $R/step11_plan.txt 2>&1
  run step11 $BIN/step11
  timeout 240 python3 $REPO/bench/peers.py --lib $BIN/libsoftmax.so --dtypes f32 \
    --impls torch,torch_compile,triton_fused,triton_online,liger,step08,step09,step10,step11,copy \
    --out $R/peers.json > $R/peers.txt 2>&1; echo "peers exit $? at ${SECONDS}s"; tail -n 12 $R/peers.txt ;;
bench)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  for t in f32 f16 bf16; do $BIN/step11 --plan --dtype $t >> $R/step11_plan.txt 2>&1; done
  run step08 $BIN/step08
  run step08_f16 $BIN/step08 --dtype f16
  run step08_bf16 $BIN/step08 --dtype bf16
  run step11 $BIN/step11
  run step11_f16 $BIN/step11 --dtype f16
  run step11_bf16 $BIN/step11 --dtype bf16
  budget 330 peers && { cp $BIN/step* . 2>/dev/null  # peers.py's preflight runs ./stepNN --check
    timeout 240 python3 $REPO/bench/peers.py --lib $BIN/libsoftmax.so --dtypes f32,f16,bf16 \
      --impls torch,torch_compile,triton_fused,triton_online,liger,step08,step09,step10,step11,copy \
      --out $R/peers.json > $R/peers.txt 2>&1; echo "peers exit $? at ${SECONDS}s"; tail -n 5 $R/peers.txt; }
  run step03 $BIN/step03
  run step04 $BIN/step04
  # Few fp32 rows: stage 04 (the old rule for M <= 8) against 08's team.
  for m in 1 4 8; do for n in 1024 2048 4096 8192 16384 32768; do for s in 04 08; do
    budget 570 "$s $m $n" || break 3
    echo "$s f32 $m $n: $($BIN/step$s --rows $m --cols $n --iters 50 2>&1 | grep -E "^ +$m +$n " | awk '{print $4, $NF}')" | tee -a $R/few_rows.txt
  done; done; done ;;
esac
