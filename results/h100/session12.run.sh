#!/usr/bin/env bash
# Device runs of the twelfth session. Each call builds on the device first (16 cores; Google
# Benchmark's headers and library and doctest carried in DEPS, the commit in .commit), then runs
# one part; every output goes to $OUT/<part>.tgz.
#   OUT=... DEPS=.deps bash results/h100/session12.run.sh wide    stage 08's wide kernel on 256 KB rows (explore/session12/wide.sh)
#   OUT=... DEPS=.deps bash results/h100/session12.run.sh wide2   stage 10's wide form on 512 KB - 2 MB rows (explore/session12/wide2.sh)
#   OUT=... DEPS=.deps bash results/h100/session12.run.sh rules   where the wide kernels take over (explore/session12/wide3.sh); test-gpu of stages 08 and 10
set -u
OUT=${OUT:-/tmp/out}
DEPS=${DEPS:-.deps}
part=${1:-test}
R=$part; mkdir -p $R
trap 'tar czf $OUT/$R.tgz $R' EXIT
export LD_LIBRARY_PATH=$PWD/$DEPS/lib:${LD_LIBRARY_PATH:-}
commit=$(cat .commit 2>/dev/null || echo unknown)
make -j16 --no-print-directory DEPS=$PWD/$DEPS ARCH=sm_90 COMMIT=$commit all build/test_gpu lib > $R/build.txt 2>&1 \
  || { echo "build failed"; tail -n 30 $R/build.txt; exit 1; }
echo "built $commit at ${SECONDS}s"
B="--iters 30 --benchmark_out_format=json"
budget() { [ $SECONDS -lt $1 ] || { echo "skipped (time): $2"; return 1; }; }
run() { out=$1; shift; budget 480 $out || return; timeout 100 "$@" $B --benchmark_out=$R/$out.json > $R/$out.txt 2>&1
        echo "$out exit $? at ${SECONDS}s"; }
case $part in
wide)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  BIN=. timeout 500 bash results/h100/explore/session12/wide.sh > $R/wide.txt 2>&1; echo "wide exit $? at ${SECONDS}s"
  cat $R/wide.txt ;;
wide2)
  BIN=. timeout 540 bash results/h100/explore/session12/wide2.sh > $R/wide2.txt 2>&1; echo "wide2 exit $? at ${SECONDS}s"
  cat $R/wide2.txt ;;
rules)
  BIN=. timeout 330 bash results/h100/explore/session12/wide3.sh > $R/wide3.txt 2>&1; echo "wide3 exit $? at ${SECONDS}s"
  cat $R/wide3.txt
  SOFTMAX_TEST_STAGES=08,10 timeout $((570 - SECONDS)) build/test_gpu > $R/test-gpu-08-10.txt 2>&1
  echo "test-gpu 08,10 exit $? at ${SECONDS}s"; grep -E "FAIL|^\[doctest\] (test cases|assertions)" $R/test-gpu-08-10.txt | tail -n 12 ;;
esac
