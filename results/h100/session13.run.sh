#!/usr/bin/env bash
# Device runs of the thirteenth session. Each call builds on the device first (16 cores; Google
# Benchmark's headers and library and doctest carried in DEPS, the commit in .commit), then runs
# one part; every output goes to $OUT/<part>.tgz.
#   OUT=... bash results/h100/session13.run.sh landed   every pack summed as it lands, against after the last (explore/session13/landed.sh, PROBE=1; .bin: binaries of ba55650)
#   OUT=... bash results/h100/session13.run.sh landed2  the slices summed as they land, then the registers (PROBE=2)
#   OUT=... bash results/h100/session13.run.sh test     test-gpu of stages 08, 10, 11
#   OUT=... bash results/h100/session13.run.sh bench    sweeps of 11 in three dtypes, 10 and 08 in fp16
#   OUT=... bash results/h100/session13.run.sh sanitize compute-sanitizer on the wide kernels of 08 and 10
#   OUT=... bash results/h100/session13.run.sh peers    the dispatcher against every peer, three dtypes, one process
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
landed|landed2)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  [ $part = landed ] && probe=1 || probe=2
  PROBE=$probe BASE=.bin NEW=. timeout 540 bash results/h100/explore/session13/landed.sh > $R/landed$probe.txt 2>&1
  echo "landed$probe exit $? at ${SECONDS}s"; cat $R/landed$probe.txt ;;
esac
