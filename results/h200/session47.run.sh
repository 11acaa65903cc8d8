#!/usr/bin/env bash
# Device runs of the forty-seventh session (2026-11-28), on an H200:
#   OUT=... bash results/h200/session47.run.sh probes   stages 08, 09 and 10 built here, and 09 and
#     10 again in a copy of the tree with explore/session47/persist1.patch and pipelines2.patch
#     (both only change what an environment variable forces); then persist1.sh (the next row's
#     loads in flight in one wide block an SM) and pipelines.sh (stage 09's plan on few rows)
#   OUT=... bash results/h200/session47.run.sh more   the same builds, then persist2.sh (other rows of
#     the wider block) and rounds16.sh (from how many rounds stage 09's two pipelines pay)
#   OUT=... bash results/h200/session47.run.sh models   the same builds as `more` and stage 11, then
#     persist3.sh (the persistent wide kernel on the language-model rows it could take)
#   OUT=... bash results/h200/session47.run.sh noexp   stages 08 and 09 built here and in a copy of
#     the tree with explore/session47/noexp.patch, then noexp.sh (what the second exponential costs)
#   OUT=... bash results/h200/session47.run.sh split   stage 09 built here and in four copies of the
#     tree with explore/session47/split.patch and its switches, then split.sh (where its time goes)
#   OUT=... bash results/h200/session47.run.sh timeline   stage 09 in two copies of the tree with
#     explore/session47/timeline.patch (with and without its softmax work), then timeline.sh
#     (TL_SHAPES="f32 8 2162688,..." in the environment replaces its shapes: the ninth call)
#   OUT=... bash results/h200/session47.run.sh roundstl   explore/session47/rounds_tl.patch (the rounds
#     probe's phased copy with the same timeline), then the timeline builds on fp32 8 x 2^21
#   OUT=... bash results/h200/session47.run.sh smemfit   stage 09 here and in a copy of the tree with
#     explore/session47/smemfit.patch, then smemfit.sh (launched with the slices its chunks use)
set -u
part=${1:-probes}
PROBES=results/h200/explore/session47
OUT=${OUT:-/tmp/out}
DEPS=${DEPS:-.deps}
R=$part; mkdir -p $R
trap 'tar czf $OUT/$R.tgz $R' EXIT
export LD_LIBRARY_PATH=$PWD/$DEPS/lib:${LD_LIBRARY_PATH:-}
commit=$(cat .commit 2>/dev/null || echo unknown)
nvidia-smi > $R/nvidia-smi.txt 2>&1
export S47=/tmp/s47 S47B=/tmp/s47b
if [ $part = split ] || [ $part = timeline ] || [ $part = smemfit ] || [ $part = roundstl ]; then
  export SP=/tmp/split
  variants="noexp1 noexp2 nomerge all" patchfile=split.patch
  [ $part = timeline ] || [ $part = roundstl ] && variants="tl tlall" patchfile=timeline.patch
  [ $part = smemfit ] && variants="fit" patchfile=smemfit.patch
  make -j16 --no-print-directory DEPS=$PWD/$DEPS ARCH=sm_90 COMMIT=$commit step09 > $R/build.txt 2>&1 &
  pids=$!
  for v in $variants; do
    rm -rf $SP/$v && mkdir -p $SP/$v && tar --exclude=./build --exclude="./$R" -cf - . | tar xf - -C $SP/$v
    (cd $SP/$v && patch -p1 -s < $OLDPWD/$PROBES/$patchfile) || { echo "patch failed"; exit 1; }
    case $v in
      fit) defs='// (smemfit probe build)' ;;
      tl) defs='#define PROBE_TIMELINE' ;;
      tlall) defs='#define PROBE_TIMELINE\n#define PROBE_NOEXP1\n#define PROBE_NOEXP2\n#define PROBE_NOMERGE' ;;
      noexp1) defs='#define PROBE_NOEXP1' ;; noexp2) defs='#define PROBE_NOEXP2' ;;
      nomerge) defs='#define PROBE_NOMERGE' ;; all) defs='#define PROBE_NOEXP1\n#define PROBE_NOEXP2\n#define PROBE_NOMERGE' ;;
    esac
    sed -i "1i $defs" $SP/$v/steps/09_cooperative.cu
    (cd $SP/$v && make -j16 --no-print-directory DEPS=$OLDPWD/$DEPS ARCH=sm_90 COMMIT=$commit-$v step09 \
      > $OLDPWD/$R/build-$v.txt 2>&1) &
    pids="$pids $!"
  done
  for p in $pids; do wait $p || { echo "a build failed"; tail -n 5 $R/build*.txt; exit 1; }; done
  echo "built $commit at ${SECONDS}s"
  for v in $variants; do head -n 4 $SP/$v/steps/09_cooperative.cu | grep -E "define|probe build" | tr '\n' ' '; echo "($v)"; done
  if [ $part = roundstl ]; then
    # rounds_tl.cu: the forty-sixth session's rounds.cu with the patch (the call of ea1c5fa compiled
    # the same file, then committed whole)
    patch -s -o /tmp/rounds_tl.cu results/h200/explore/session46/rounds.cu < $PROBES/rounds_tl.patch \
      && nvcc -O3 -arch=sm_90 -std=c++17 /tmp/rounds_tl.cu -o /tmp/rounds_tl && timeout 200 /tmp/rounds_tl > $R/rounds_tl.txt 2>&1
    echo "rounds_tl exit $? at ${SECONDS}s"; cat $R/rounds_tl.txt
    export TL_SHAPES="f32 8 2097152"
    timeout $((585 - SECONDS)) bash $PROBES/timeline.sh > $R/timeline.txt 2>&1
    echo "timeline exit $? at ${SECONDS}s"; cat $R/timeline.txt
    exit 0
  fi
  timeout $((585 - SECONDS)) bash $PROBES/$part.sh > $R/$part.txt 2>&1
  echo "$part exit $? at ${SECONDS}s"; cat $R/$part.txt
  exit 0
fi
if [ $part = noexp ]; then
  rm -rf $S47B && mkdir -p $S47B && tar --exclude=./build --exclude="./$R" -cf - . | tar xf - -C $S47B
  (cd $S47B && patch -p1 -s < $OLDPWD/$PROBES/noexp.patch) || { echo "patch failed"; exit 1; }
  make -j16 --no-print-directory DEPS=$PWD/$DEPS ARCH=sm_90 COMMIT=$commit step08 step09 > $R/build.txt 2>&1 &
  (cd $S47B && make -j16 --no-print-directory DEPS=$OLDPWD/$DEPS ARCH=sm_90 COMMIT=$commit-noexp step08 step09 \
    > $OLDPWD/$R/build-noexp.txt 2>&1) || { echo "patched build failed"; tail -n 20 $R/build-noexp.txt; exit 1; }
  wait $! || { echo "build failed"; tail -n 20 $R/build.txt; exit 1; }
  echo "built $commit at ${SECONDS}s"
  timeout $((585 - SECONDS)) bash $PROBES/noexp.sh > $R/noexp.txt 2>&1
  echo "noexp exit $? at ${SECONDS}s"; cat $R/noexp.txt
  exit 0
fi
rm -rf $S47 && mkdir -p $S47 && tar --exclude=./build --exclude="./$R" -cf - . | tar xf - -C $S47
(cd $S47 && patch -p1 -s < $OLDPWD/$PROBES/persist1.patch && patch -p1 -s < $OLDPWD/$PROBES/pipelines2.patch) \
  || { echo "patch failed"; exit 1; }
make -j16 --no-print-directory DEPS=$PWD/$DEPS ARCH=sm_90 COMMIT=$commit step08 step09 step10 \
  $([ $part = models ] && echo step11) > $R/build.txt 2>&1 &
(cd $S47 && make -j16 --no-print-directory DEPS=$OLDPWD/$DEPS ARCH=sm_90 COMMIT=$commit-s47 step09 step10 \
  > $OLDPWD/$R/build-s47.txt 2>&1) || { echo "patched build failed"; tail -n 20 $R/build-s47.txt; exit 1; }
wait $! || { echo "build failed"; tail -n 20 $R/build.txt; exit 1; }
echo "built $commit at ${SECONDS}s"
case $part in
probes)
  for p in persist1 pipelines; do
    timeout $((585 - SECONDS)) bash $PROBES/$p.sh > $R/$p.txt 2>&1
    echo "$p exit $? at ${SECONDS}s"; cat $R/$p.txt
  done ;;
models)
  timeout $((585 - SECONDS)) bash $PROBES/persist3.sh > $R/persist3.txt 2>&1
  echo "persist3 exit $? at ${SECONDS}s"; cat $R/persist3.txt ;;
more)
  for p in rounds16 persist2; do
    timeout $((585 - SECONDS)) bash $PROBES/$p.sh > $R/$p.txt 2>&1
    echo "$p exit $? at ${SECONDS}s"; cat $R/$p.txt
  done ;;
esac
