#!/usr/bin/env bash
# Device runs of the seventh session (stage 09 with two pipelines of rounds; the dispatcher and the
# fp32 peers again), in parts that fit one device call each: `nine` ran at f67496a and bf0d18f
# (explore/session7/n1, n2), `final` at 352a2b6. Binaries built beforehand for sm_90 at the
# commit under test and carried (BIN=folder with step09, step11, test_gpu, libsoftmax.so;
# DEPS=prefix with Google Benchmark's lib/).
#   OUT=... BIN=.bin DEPS=.deps bash results/h100/session7.run.sh nine     test-gpu of 09 and 11, stage 09's sweeps with and without pipelines, sanitizers
#   OUT=... BIN=.bin DEPS=.deps bash results/h100/session7.run.sh final    the final commit: test-gpu of 09 and 11, the sweeps of 09 and 11, the fp32 peers
set -u
OUT=${OUT:-/tmp/out}
BIN=${BIN:-.}
part=${1:-nine}
R=$part; mkdir -p $R
trap 'tar czf $OUT/$R.tgz $R' EXIT
export LD_LIBRARY_PATH=${DEPS:+$DEPS/lib:}${LD_LIBRARY_PATH:-}
B="--iters 30 --benchmark_out_format=json"
# A step starts only while the call has `budget` seconds left of its own limit.
budget() { [ $SECONDS -lt $1 ] || { echo "skipped (time): $2"; return 1; }; }
run() { out=$1; shift; budget 500 $out || return; timeout 120 "$@" $B --benchmark_out=$R/$out.json > $R/$out.txt 2>&1
        echo "$out exit $? at ${SECONDS}s"; grep -E "^ +[0-9]+ +[0-9]+ +[a-z0-9]+ +[0-9.]+ " $R/$out.txt | awk '{print $1, $2, $4, $NF}' | tr '\n' ';'; echo; }
san() { tool=$1; shift; budget 550 "$tool $*" || return; echo "== $tool $*" >> $R/sanitize-09.txt
        timeout 60 compute-sanitizer --tool $tool --error-exitcode 1 $BIN/step09 --check "$@" >> $R/sanitize-09.txt 2>&1
        echo "$tool $* exit $? at ${SECONDS}s"; }
case $part in
nine)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  SOFTMAX_TEST_STAGES=09,11 timeout 300 $BIN/test_gpu > $R/test-gpu-09-11.txt 2>&1; echo "test-gpu 09,11 exit $? at ${SECONDS}s"
  tail -n 3 $R/test-gpu-09-11.txt
  run step09 $BIN/step09
  run step09_f16 $BIN/step09 --dtype f16
  run step09_bf16 $BIN/step09 --dtype bf16
  # The same sweeps with one pipeline (the previous plan), in the same process conditions.
  STEP09_PIPELINES=0 run step09_one_pipeline $BIN/step09
  STEP09_PIPELINES=0 run step09_one_pipeline_f16 $BIN/step09 --dtype f16
  # Two pipelines: fp32 7 rows in 4 rounds (2, 2, 2, 1), odd N (scalar loads); fp16 3 rows.
  san racecheck --rows 7 --cols 2097153
  san synccheck --rows 7 --cols 2097153
  san memcheck --rows 3 --cols 8388613 --dtype f16 ;;
final)
  cp $BIN/step* . 2>/dev/null  # peers.py's preflight runs ./stepNN --check
  SOFTMAX_TEST_STAGES=09,11 timeout 280 $BIN/test_gpu > $R/test-gpu-09-11.txt 2>&1; echo "test-gpu 09,11 exit $? at ${SECONDS}s"
  tail -n 3 $R/test-gpu-09-11.txt
  run step09 $BIN/step09
  run step09_f16 $BIN/step09 --dtype f16
  run step09_bf16 $BIN/step09 --dtype bf16
  STEP09_PIPELINES=0 run step09_one_pipeline $BIN/step09
  for t in f32 f16 bf16; do $BIN/step11 --plan --dtype $t >> $R/step11_plan.txt 2>&1; done
  run step11 $BIN/step11
  run step11_f16 $BIN/step11 --dtype f16
  run step11_bf16 $BIN/step11 --dtype bf16
  budget 520 peers || exit 0
  timeout $((585 - SECONDS)) python3 bench/peers.py --lib $BIN/libsoftmax.so --dtypes f32 \
    --impls torch,torch_compile,triton_fused,triton_online,liger,step08,step09,step10,step11,copy \
    --out $R/peers-f32.json > $R/peers-f32.txt 2>&1; echo "peers exit $? at ${SECONDS}s"; tail -n 30 $R/peers-f32.txt ;;
esac
