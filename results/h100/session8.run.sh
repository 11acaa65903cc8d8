#!/usr/bin/env bash
# Device runs of the eighth session (stage 09: slots refilled with the next round's chunk as they
# are written, and the L2 form for rows longer than the grid holds), in parts that fit one device
# call each. Binaries built beforehand for sm_90 at the commit under test and carried (BIN=folder
# with step09, step11, test_gpu, libsoftmax.so; DEPS=prefix with Google Benchmark's lib/).
#   OUT=... BIN=.bin DEPS=.deps bash results/h100/session8.run.sh explore1   test-gpu of 09; stage 09's sweeps with each change on and off; sanitizers (a1fdb72)
#   OUT=... BIN=.bin DEPS=.deps bash results/h100/session8.run.sh probe      phases.cu, and ncu's DRAM bytes of the L2 form (a1fdb72)
#   OUT=... BIN=.bin DEPS=.deps bash results/h100/session8.run.sh explore2   test-gpu of 09 (676250f); few rows of 2^16..2^20: stage 10's cluster sizes against 09
#   OUT=... BIN=.bin DEPS=.deps bash results/h100/session8.run.sh peers      the fp16 and bf16 peers against the dispatcher (676250f)
#   OUT=... BIN=.bin DEPS=.deps bash results/h100/session8.run.sh long-rows  test-gpu's case of rows longer than the chip, every stage (676250f)
# The probe needs BIN/phases: nvcc -O3 -arch=sm_90 -o .bin/phases results/h100/explore/session8/phases.cu
set -u
OUT=${OUT:-/tmp/out}
BIN=${BIN:-.}
part=${1:-explore1}
R=$part; mkdir -p $R
trap 'tar czf $OUT/$R.tgz $R' EXIT
export LD_LIBRARY_PATH=${DEPS:+$DEPS/lib:}${LD_LIBRARY_PATH:-}
B="--iters 30 --benchmark_out_format=json"
# A step starts only while the call has `budget` seconds left of its own limit.
budget() { [ $SECONDS -lt $1 ] || { echo "skipped (time): $2"; return 1; }; }
run() { out=$1; shift; budget 500 $out || return; timeout 120 "$@" $B --benchmark_out=$R/$out.json > $R/$out.txt 2>&1
        echo "$out exit $? at ${SECONDS}s"; grep -E "^ +[0-9]+ +[0-9]+ +[a-z0-9]+ +[0-9.]+ " $R/$out.txt | awk '{print $1, $2, $4, $NF}' | tr '\n' ';'; echo; }
one() { budget 520 "$*" || return; echo "== $*" >> $R/singles.txt; env "$@" --iters 30 >> $R/singles.txt 2>&1
        echo "$* exit $?: $(grep -E "^ +[0-9]+ +[0-9]+ +[a-z0-9]+ +[0-9.]+ " $R/singles.txt | tail -n 1 | awk '{print $4, $NF}')"; }
san() { tool=$1; shift; budget 550 "$tool $*" || return; echo "== $tool $*" >> $R/sanitize-09.txt
        timeout 60 compute-sanitizer --tool $tool --error-exitcode 1 $BIN/step09 --check "$@" >> $R/sanitize-09.txt 2>&1
        echo "$tool $* exit $? at ${SECONDS}s"; }
case $part in
explore1)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  SOFTMAX_TEST_STAGES=09 timeout 200 $BIN/test_gpu > $R/test-gpu-09.txt 2>&1; echo "test-gpu 09 exit $? at ${SECONDS}s"
  tail -n 3 $R/test-gpu-09.txt
  run step09 $BIN/step09
  STEP09_PREFETCH=0 run step09_no_prefetch $BIN/step09
  STEP09_PREFETCH=0 STEP09_L2=0 run step09_neither $BIN/step09
  STEP09_PIPELINES=0 run step09_one_pipeline $BIN/step09
  run step09_f16 $BIN/step09 --dtype f16
  STEP09_PREFETCH=0 STEP09_L2=0 run step09_neither_f16 $BIN/step09 --dtype f16
  # Rows whose rest is larger than L2: the L2 form anyway.
  for s in "1 33554432 f32" "4 33554432 f32" "1 67108864 f32" "1 67108864 f16"; do
    set -- $s; one STEP09_L2=always $BIN/step09 --rows $1 --cols $2 --dtype $3
  done
  # The L2 form with odd N (scalar loads), and prefetch over rounds of two pipelines.
  san memcheck --rows 1 --cols 16777219
  san racecheck --rows 7 --cols 2097153
  san synccheck --rows 2 --cols 33554432 --dtype f16 ;;
explore2)
  SOFTMAX_TEST_STAGES=09 timeout 200 $BIN/test_gpu > $R/test-gpu-09.txt 2>&1; echo "test-gpu 09 exit $? at ${SECONDS}s"
  tail -n 3 $R/test-gpu-09.txt
  # Few rows of 128 KB .. 2 MB: stage 09 against stage 10 with its own plan and with clusters of 4, 8, 16.
  for t in f16 f32; do for m in 1 4 8; do for n in 65536 131072 262144 524288 1048576; do
    [ $t = f32 ] && [ $m != 4 -o $n -gt 262144 ] && continue
    for v in 09 10 10c4 10c8 10c16; do
      case $v in 09) cmd="$BIN/step09";; 10) cmd="$BIN/step10";; *) cmd="env STEP10_CLUSTER=${v#10c} $BIN/step10";; esac
      budget 560 "$v $t $m $n" || break 4
      line=$($cmd --rows $m --cols $n --dtype $t --iters 50 2>&1 | grep -E "^ +$m +$n ")
      echo "$v $t $m $n: $(echo "$line" | awk '{print $4, $NF}')" | tee -a $R/few_rows.txt
    done
  done; done; done ;;
peers)
  cp $BIN/step* . 2>/dev/null  # peers.py's preflight runs ./stepNN --check
  for t in f16 bf16; do $BIN/step11 --plan --dtype $t >> $R/step11_plan.txt 2>&1; done
  timeout 560 python3 bench/peers.py --lib $BIN/libsoftmax.so --dtypes f16,bf16 \
    --impls torch,torch_compile,triton_fused,triton_online,liger,step08,step09,step10,step11,copy \
    --out $R/peers-halves.json > $R/peers-halves.txt 2>&1; echo "peers exit $? at ${SECONDS}s"; tail -n 60 $R/peers-halves.txt ;;
probe)  # the read-alone / write-alone / copy probe; DRAM bytes of the L2 form against the registers-only plan
  $BIN/phases > $R/phases.txt 2>&1; echo "phases exit $?"; cat $R/phases.txt
  Q="ncu --clock-control none -k regex:softmax_split --launch-count 1 --metrics dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum,lts__t_sector_hit_rate.pct"
  for s in "1 16777216 1" "1 16777216 0" "4 16777216 1" "4 16777216 0" "1 33554432 always" "1 33554432 0"; do
    set -- $s; echo "== STEP09_L2=$3 --rows $1 --cols $2" >> $R/ncu.txt
    STEP09_L2=$3 timeout 60 $Q $BIN/step09 --check --rows $1 --cols $2 >> $R/ncu.txt 2>&1; echo "ncu $s exit $?"
  done
  grep -E "^==|dram__|gpu__time|lts__t_sector_hit" $R/ncu.txt ;;
long-rows)  # (run by hand in call 5, the same command; its file is explore/session8/explore2/test-gpu-long-rows.txt)
  timeout 500 $BIN/test_gpu -tc="*rows longer than the chip holds*" > $R/test-gpu-long-rows.txt 2>&1
  echo "exit $?"; tail -n 5 $R/test-gpu-long-rows.txt ;;
esac
