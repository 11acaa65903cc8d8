# device_build.sh — sourced by a session's device script (session13.run.sh onwards) after it sets
# `part`: builds every stage, the GPU tests and the library on the device (16 cores; Google
# Benchmark's headers and library and doctest carried in DEPS, the commit in .commit), and defines
#   R        the part's output folder (tarred to $OUT/<part>.tgz on exit)
#   B        the benchmark flags (30 iterations, JSON)
#   budget S WHAT   false (and says so) once the call has run S seconds
#   run NAME CMD... a benchmark, its JSON and text to $R/NAME.{json,txt}, until 480 s
#   sweeps STAGE... each stage's default sweep in fp32, fp16 and bf16 (step11 first: its plans too)
#   tests NAME STAGES SECONDS CASES   test-gpu of those stages and cases (* for all) to
#            $R/test-gpu-NAME.txt, and its summary (session18-22.run.sh each had a copy until then)
#   probe NAME UNTIL   $PROBES/NAME.sh (PROBES: the session's folder of probe scripts) until UNTIL
#            seconds into the call, to $R/NAME.txt, then prints it
#   ALL      the peers and stages a peers run of the dispatcher times (session37-38.run.sh each had it)
#   peers SWEEPS IMPLS UNTIL TAIL   bench/peers.py on those sweeps and implementations, every dtype,
#            until UNTIL seconds into the call, to $R/peers-COMMIT.{json,txt}; prints its last TAIL
#            lines (session37.run.sh and session38.run.sh each had a copy until then)
OUT=${OUT:-/tmp/out}
DEPS=${DEPS:-.deps}
R=$part; mkdir -p $R
trap 'tar czf $OUT/$R.tgz $R' EXIT
export LD_LIBRARY_PATH=$PWD/$DEPS/lib:${LD_LIBRARY_PATH:-}
commit=$(cat .commit 2>/dev/null || echo unknown)
make -j16 --no-print-directory DEPS=$PWD/$DEPS ARCH=sm_90 COMMIT=$commit all build/test_gpu lib > $R/build.txt 2>&1 \
  || { echo "build failed"; tail -n 30 $R/build.txt; exit 1; }
echo "built $commit at ${SECONDS}s"
nvidia-smi > $R/nvidia-smi.txt 2>&1  # (each session's script wrote it until session 39)
ALL=torch,torch_compile,triton_fused,triton_online,liger,step03,step08,step11
B="--iters 30 --benchmark_out_format=json"
budget() { [ $SECONDS -lt $1 ] || { echo "skipped (time): $2"; return 1; }; }
run() { out=$1; shift; budget 480 $out || return; timeout 100 "$@" $B --benchmark_out=$R/$out.json > $R/$out.txt 2>&1
        echo "$out exit $? at ${SECONDS}s"; }
sweeps() {
  local st t
  for st in "$@"; do
    [ $st = step11 ] && for t in f32 f16 bf16; do ./step11 --plan --dtype $t >> $R/step11_plan.txt 2>&1; done
    run $st ./$st
    run ${st}_f16 ./$st --dtype f16
    run ${st}_bf16 ./$st --dtype bf16
  done
}
tests() {  # tests NAME STAGES SECONDS CASES: test-gpu of those stages and cases (* for all), its summary
  SOFTMAX_TEST_STAGES=$2 timeout $3 build/test_gpu --duration=true -tc="$4" > $R/test-gpu-$1.txt 2>&1
  echo "test-gpu $1 exit $? at ${SECONDS}s"; grep -E "FAIL|^\[doctest\] (test cases|assertions)| s: " $R/test-gpu-$1.txt | tail -n 30
}
probe() {
  timeout $(($2 - SECONDS)) bash $PROBES/$1.sh > $R/$1.txt 2>&1
  echo "$1 exit $? at ${SECONDS}s"; cat $R/$1.txt
}
peers() {
  GIT_DIR=/nonexistent timeout $(($3 - SECONDS)) python3 bench/peers.py --lib build/libsoftmax.so --dtypes f32,f16,bf16 \
    --sweeps $1 ${2:+--impls $2} --out $R/peers-$commit.json > $R/peers-$commit.txt 2>&1
  echo "peers exit $? at ${SECONDS}s"; tail -n $4 $R/peers-$commit.txt
}
