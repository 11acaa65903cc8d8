#!/usr/bin/env bash
# Device runs of the forty-eighth session (2026-11-28), on an H200:
#   OUT=... bash results/h200/session48.run.sh ladder   explore/session48/ladder.cu (the rounds
#     probe's phased copy brought to stage 09 one rung at a time), then stage 09 itself on the
#     two shapes of the same bytes (fp32 8 x 2^21 and 8 x 2^22), each in its own process, 2 rounds
# GPU-agnostic: it runs unchanged on an H100.
set -u
part=${1:-ladder}
PROBES=results/h200/explore/session48
OUT=${OUT:-/tmp/out}
DEPS=${DEPS:-.deps}
R=$part; mkdir -p $R
trap 'tar czf $OUT/$R.tgz $R' EXIT
export LD_LIBRARY_PATH=$PWD/$DEPS/lib:${LD_LIBRARY_PATH:-}
commit=$(cat .commit 2>/dev/null || echo unknown)
nvidia-smi > $R/nvidia-smi.txt 2>&1
make -j16 --no-print-directory DEPS=$PWD/$DEPS ARCH=sm_90 COMMIT=$commit step09 > $R/build.txt 2>&1 &
nvcc -O3 -arch=sm_90 -std=c++17 -Icommon $PROBES/ladder.cu -o /tmp/ladder > $R/build-ladder.txt 2>&1 \
  || { echo "ladder build failed"; cat $R/build-ladder.txt; exit 1; }
wait $! || { echo "build failed"; tail -n 20 $R/build.txt; exit 1; }
echo "built $commit at ${SECONDS}s"
case $part in
ladder)
  timeout 300 /tmp/ladder > $R/ladder.txt 2>&1
  echo "ladder exit $? at ${SECONDS}s"; cat $R/ladder.txt
  . results/h100/explore/probe.sh  # variants
  variants 2 ./step09 > $R/step09.txt 2>&1 <<'SHAPES'
f32 8 2097152
f32 8 4194304
SHAPES
  echo "step09 exit $? at ${SECONDS}s"; cat $R/step09.txt ;;
esac
