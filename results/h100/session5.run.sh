#!/usr/bin/env bash
# Device runs of the fifth session (stage 09 in every dtype, with shared-memory chunks and rounds
# of whole rows; the dispatcher and the peers again), in parts that fit one device call each.
# The binaries are built beforehand on the machine that made the commit, for sm_90 only, and carried
# (BIN=folder with step09, step11, test_gpu, libsoftmax.so; DEPS=prefix with Google Benchmark's
# lib/): the device then spends no time compiling, and its stale git metadata cannot mislabel them.
#   OUT=... BIN=.bin DEPS=.deps bash results/h100/session5.run.sh nine    stage 09: tests, sweeps, knobs, sanitizers
#   OUT=... BIN=.bin DEPS=.deps bash results/h100/session5.run.sh final   test-gpu of stages 09-11, stage 11's and 09's sweeps
#   OUT=... BIN=.bin DEPS=.deps bash results/h100/session5.run.sh peers   test-gpu of 01-08, bench/peers.py
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
run() { out=$1; shift; budget 470 $out || return; timeout 120 "$@" $B --benchmark_out=$R/$out.json > $R/$out.txt 2>&1
        echo "$out exit $? at ${SECONDS}s"; grep -E "^ +[0-9]+ +[0-9]+ +[a-z0-9]+ +[0-9.]+ " $R/$out.txt | tail -n 40; }
san() { tool=$1; shift; budget 540 "$tool $*" || return; echo "== $tool $*" >> $R/sanitize-09.txt
        timeout 90 compute-sanitizer --tool $tool --error-exitcode 1 $BIN/step09 --check "$@" >> $R/sanitize-09.txt 2>&1
        echo "$tool $* exit $? at ${SECONDS}s"; }
case $part in
nine)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  SOFTMAX_TEST_STAGES=09 timeout 200 $BIN/test_gpu > $R/test-gpu-09.txt 2>&1; echo "test-gpu 09 exit $? at ${SECONDS}s"
  tail -n 3 $R/test-gpu-09.txt
  run step09 $BIN/step09
  run step09_f16 $BIN/step09 --dtype f16
  run step09_bf16 $BIN/step09 --dtype bf16
  for t in f32 f16; do
    sfx=$([ $t = f32 ] || echo _$t)
    STEP09_ROUNDS=0 run step09_one_round$sfx $BIN/step09 --dtype $t
    STEP09_SMEM=0 run step09_registers$sfx $BIN/step09 --dtype $t
  done
  # The shared-memory kernel: one round, odd N (scalar loads); three rounds (2 + 1 rows in fp16).
  san memcheck --rows 3 --cols 8388613
  san memcheck --rows 3 --cols 8388613 --dtype f16
  san racecheck --rows 1 --cols 8388613
  san synccheck --rows 3 --cols 8388613
  san initcheck --rows 1 --cols 8388613 ;;
final)  # the stages this session changed (09, and 11 through its rules), then stage 11's and 09's sweeps
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  SOFTMAX_TEST_STAGES=09,10,11 timeout 330 $BIN/test_gpu > $R/test-gpu-09-10-11.txt 2>&1
  echo "test-gpu 09-11 exit $? at ${SECONDS}s"; tail -n 4 $R/test-gpu-09-10-11.txt
  for t in f32 f16 bf16; do $BIN/step11 --plan --dtype $t >> $R/step11_plan.txt 2>&1; done
  run step11 $BIN/step11
  run step11_f16 $BIN/step11 --dtype f16
  run step11_bf16 $BIN/step11 --dtype bf16
  run step09 $BIN/step09
  run step09_f16 $BIN/step09 --dtype f16
  run step09_bf16 $BIN/step09 --dtype bf16 ;;
peers)  # the other stages' tests; bench/peers.py as the third session's
  cp $BIN/step* . 2>/dev/null  # peers.py's preflight runs ./stepNN --check
  SOFTMAX_TEST_STAGES=01,02,03,04,05,06,07,07b,08 timeout 270 $BIN/test_gpu > $R/test-gpu-01-08.txt 2>&1
  echo "test-gpu 01-08 exit $? at ${SECONDS}s"; tail -n 4 $R/test-gpu-01-08.txt
  timeout $((560 - SECONDS)) python3 bench/peers.py --lib $BIN/libsoftmax.so --dtypes f32,f16,bf16 \
    --impls torch,torch_compile,triton_fused,triton_online,liger,step08,step09,step10,step11,copy \
    --out $R/peers.json > $R/peers.txt 2>&1; echo "peers exit $? at ${SECONDS}s"; tail -n 30 $R/peers.txt ;;
esac
