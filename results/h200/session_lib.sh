# session_lib.sh — what a session's device script (results/h200/session53.run.sh onwards) shares,
# sourced after it sets `part` (the call's name). It writes the call's files under ./$part/, packed
# into $OUT/$part.tgz on exit, and defines:
#   mk TARGETS...    make them for sm_90 with the carried .deps, the log in $part/build-here.txt
#   test_gpu STAGE   build/test_gpu on that stage, its log $part/test-gpu-STAGE.txt, bounded by
#                    LIMIT seconds (585 unless set) since the script started
#   test_case STAGE LABEL SECONDS PATTERN   (sixty-seventh session onwards) the build/test_gpu
#                    cases PATTERN matches on that stage, bounded by SECONDS, the log
#                    $part/test-gpu-STAGE-LABEL.txt
#   sweeps           stage 11's plans and its three sweeps (30 iterations), named by the commit
#   peers_sweeps SWEEPS UNTIL   (sixty-second session onwards) bench/peers.py's sweeps (a
#                    comma-separated list) with the dispatcher, stages 03 and 08 and every peer,
#                    until UNTIL seconds since the script started; $part/peers-SWEEPS-COMMIT.json
#                    and .txt, the commas as dashes
#   peers_small UNTIL   (fifty-ninth session onwards) peers_sweeps small UNTIL
#   variant NAME     (sixty-first session onwards) stage 08 and a library of it alone with
#                    $PROBES/NAME.patch, built in /tmp/v_NAME from a copy of steps, common, bench
#                    and the Makefile, copied to build/v_NAME/; the log $part/build-NAME.txt
#   variant_with NAME MAKEARGS...   (sixty-third session onwards; variant is variant_with NAME
#                    STAGES=08 step08 lib) the same build with those make arguments; the stepNN
#                    targets and the library named among them are copied to build/v_NAME/; with
#                    no $PROBES/NAME.patch (seventy-first session onwards) the tree as it is, the
#                    make arguments the only difference (BULK_SLICES=1, EVICT_LAST=0)
#   peers_pair LIB LABEL FILTER [ENV...]   (sixty-first session onwards) torch.compile and stage 08
#                    from LIB (under `env ENV...`) on the "small" sweep's fp32 shapes FILTER matches;
#                    $part/peers-LABEL.json and .txt
#   peers_short LIB LABEL [ENV...]   (sixty-second session onwards; in this file since the
#                    sixty-third) peers_pair on fp32 16777216 x 2 and 8388608 x 4
# The commit is .commit's (carried beside the tree), else "unknown".
set -u
OUT=${OUT:-/tmp/out}
DEPS=${DEPS:-.deps}
R=$part; mkdir -p $R
trap 'tar czf $OUT/$R.tgz $R' EXIT
export LD_LIBRARY_PATH=$PWD/$DEPS/lib:${LD_LIBRARY_PATH:-}
commit=$(cat .commit 2>/dev/null || echo unknown)
nvidia-smi > $R/nvidia-smi.txt 2>&1
mk() { make -j16 --no-print-directory DEPS=$PWD/$DEPS ARCH=sm_90 COMMIT=$commit "$@" >> $R/build-here.txt 2>&1; }
test_gpu() {
  local log=$R/test-gpu-$1.txt
  echo "test-gpu  commit $commit  $(date -u '+%Y-%m-%d %H:%M UTC')" > $log
  SOFTMAX_TEST_STAGES=$1 timeout $((${LIMIT:-585} - SECONDS)) build/test_gpu --duration=true >> $log 2>&1
  echo "test-gpu $1 exit $? at ${SECONDS}s"; tail -n 4 $log
}
test_case() {
  local log=$R/test-gpu-$1-$2.txt
  SOFTMAX_TEST_STAGES=$1 timeout $3 build/test_gpu -tc="$4" > $log 2>&1
  echo "test-gpu $1 $2 exit $? at ${SECONDS}s"; tail -n 3 $log
}
sweeps() {
  local t name
  for t in f32 f16 bf16; do ./step11 --plan --dtype $t >> $R/step11_plan_$commit.txt 2>&1; done
  for t in f32 f16 bf16; do
    name=step11$([ $t = f32 ] || echo _$t)_$commit
    timeout 120 ./step11 --dtype $t --iters 30 --benchmark_out_format=json --benchmark_out=$R/$name.json \
      > $R/$name.txt 2>&1
    echo "$name exit $? at ${SECONDS}s"; tail -n 3 $R/$name.txt
  done
  cp $R/nvidia-smi.txt $R/nvidia-smi-$commit.txt
}
peers_sweeps() {
  local name=peers-${1//,/-}-$commit
  GIT_DIR=/nonexistent timeout $(($2 - SECONDS)) python3 bench/peers.py --lib build/libsoftmax.so \
    --dtypes f32,f16,bf16 --sweeps $1 \
    --impls torch,torch_compile,triton_fused,triton_online,liger,step03,step08,step11 \
    --out $R/$name.json > $R/$name.txt 2>&1
  echo "peers exit $? at ${SECONDS}s"; tail -n 12 $R/$name.txt
}
peers_small() { peers_sweeps small "$1"; }
variant() { variant_with $1 STAGES=08 step08 lib; }
variant_with() {
  local name=$1 d=/tmp/v_$1 t; shift
  mkdir -p $d build/v_$name && cp -r steps common bench Makefile $d &&
    { [ ! -e ${PROBES:-/nonexistent}/$name.patch ] || patch -s -d $d -p1 < $PROBES/$name.patch; } &&
    make -C $d -j8 --no-print-directory DEPS=$PWD/$DEPS ARCH=sm_90 "$@" > $R/build-$name.txt 2>&1 || return 1
  for t in "$@"; do
    case $t in
      lib) cp $d/build/libsoftmax.so build/v_$name/ ;;
      step*) cp $d/$t build/v_$name/ ;;
    esac
  done
}
peers_pair() {
  local lib=$1 label=$2 filter=$3; shift 3
  env "$@" GIT_DIR=/nonexistent timeout 90 python3 bench/peers.py --lib $lib --dtypes f32 --sweeps small \
    --impls torch_compile,step08 --filter "$filter" --out $R/peers-$label.json > $R/peers-$label.txt 2>&1
  echo "peers $label exit $? at ${SECONDS}s"; grep -A4 "^GB/s" $R/peers-$label.txt
}
peers_short() {
  local lib=$1 label=$2; shift 2
  peers_pair $lib $label 'f32/M:(16777216/N:2|8388608/N:4)$' "$@"
}
