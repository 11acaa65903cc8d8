#!/usr/bin/env bash
# Device runs of the forty-eighth session (2026-11-28), on an H200:
#   OUT=... bash results/h200/session48.run.sh ladder   explore/session48/ladder.cu (the rounds
#     probe's phased copy brought to stage 09 one rung at a time), then stage 09 itself on the
#     two shapes of the same bytes (fp32 8 x 2^21 and 8 x 2^22), each in its own process, 2 rounds
#   OUT=... bash results/h200/session48.run.sh order   `ladder order` (the load order pinned, each
#     way), then stage 09 here and in three copies of the tree with explore/session48/order.patch
#     (pinL: its order pinned; sfirst: the slices' cp.asyncs first; sfirst2: and summarised
#     first), then order.sh
#   OUT=... bash results/h200/session48.run.sh order2   stage 09 here, with order.patch's pin (pinL),
#     with session47/timeline.patch (tl) and with both (tlpin), then order2.sh
#   OUT=... bash results/h200/session48.run.sh ncu   stage 09 here and with the pin, then ncu.sh
#   OUT=... bash results/h200/session48.run.sh ncu2   the same builds and the ladder, then ncu2.sh
#   OUT=... bash results/h200/session48.run.sh adopt   stage 09 here (the pin committed) and in a
#     copy of the tree without it (explore/session48/pin.patch reversed), then adopt.sh, then ncu
#     on the ladder's phased-L and exp-L
#   OUT=... bash results/h200/session48.run.sh instr   stage 09 here, before the pin (base) and with
#     explore/session48/instr.patch (ftz; both: PROBE_FTZ and PROBE_LIVE), then instr.sh
#   OUT=... bash results/h200/session48.run.sh final   stage 09 here and before the session's changes
#     (explore/session48/session.patch reversed), then final.sh
#   OUT=... bash results/h200/session48.run.sh disp   stage 11, then disp.sh
#   OUT=... bash results/h200/session48.run.sh ncu3   stage 09 and the ladder (-lineinfo), then ncu3.sh
#   OUT=... bash results/h200/session48.run.sh test   build/test_gpu (every stage in it), then test-gpu on
#     stage 09 (SOFTMAX_TEST_STAGES=09; TEST_STAGES=11 in the environment tests stage 11 instead)
# GPU-agnostic: it runs unchanged on an H100. order.patch is against stage 09 before the pin
# (0738abf): the parts that apply it (order, order2, ncu, ncu2) ran at commits before it.
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
pids=""
if [ $part != test ]; then  # (test builds every stage itself)
  make -j16 --no-print-directory DEPS=$PWD/$DEPS ARCH=sm_90 COMMIT=$commit step09 \
    $([ $part = disp ] && echo step11) > $R/build.txt 2>&1 &
  pids=$!
fi
if [ $part = order ] || [ $part = order2 ] || [ $part = ncu ] || [ $part = ncu2 ] || [ $part = instr ] || [ $part = final ]; then
  export SP=/tmp/order
  variants="pinL sfirst sfirst2"
  [ $part = order2 ] && variants="pinL tl tlpin"
  [ $part = ncu ] || [ $part = ncu2 ] && variants="pinL"
  [ $part = instr ] && variants="base ftz both"
  [ $part = final ] && variants="base"
  for v in $variants; do
    rm -rf $SP/$v && mkdir -p $SP/$v && tar --exclude=./build --exclude="./$R" -cf - . | tar xf - -C $SP/$v
    case $v in base) (cd $SP/$v && patch -R -p1 -s < $OLDPWD/$PROBES/$([ $part = final ] && echo session || echo pin).patch) \
      || { echo "patch failed"; exit 1; } ;;
      ftz|both) (cd $SP/$v && patch -p1 -s < $OLDPWD/$PROBES/instr.patch) || { echo "patch failed"; exit 1; } ;; esac
    case $v in tl|tlpin) (cd $SP/$v && patch -p1 -s < $OLDPWD/results/h200/explore/session47/timeline.patch) \
      || { echo "patch failed"; exit 1; } ;; esac
    case $v in pinL|sfirst|sfirst2|tlpin) (cd $SP/$v && patch -p1 -s < $OLDPWD/$PROBES/order.patch) \
      || { echo "patch failed"; exit 1; } ;; esac
    case $v in
      base) defs='// (before the pin)' ;;
      ftz) defs='#define PROBE_FTZ' ;;
      both) defs='#define PROBE_FTZ\n#define PROBE_LIVE' ;;
      tl) defs='#define PROBE_TIMELINE' ;;
      tlpin) defs='#define PROBE_TIMELINE\n#define PROBE_PIN' ;;
      pinL) defs='#define PROBE_PIN' ;;
      sfirst) defs='#define PROBE_PIN\n#define PROBE_SLICES_FIRST' ;;
      sfirst2) defs='#define PROBE_PIN\n#define PROBE_SLICES_FIRST\n#define PROBE_SUMMARISE_SLICES_FIRST' ;;
    esac
    sed -i "1i $defs" $SP/$v/steps/09_cooperative.cu
    (cd $SP/$v && make -j16 --no-print-directory DEPS=$OLDPWD/$DEPS ARCH=sm_90 COMMIT=$commit-$v step09 \
      > $OLDPWD/$R/build-$v.txt 2>&1) &
    pids="$pids $!"
  done
fi
if [ $part = adopt ]; then
  export BASE=/tmp/base
  rm -rf $BASE && mkdir -p $BASE && tar --exclude=./build --exclude="./$R" -cf - . | tar xf - -C $BASE
  (cd $BASE && patch -R -p1 -s < $OLDPWD/$PROBES/pin.patch) || { echo "patch failed"; exit 1; }
  (cd $BASE && make -j16 --no-print-directory DEPS=$OLDPWD/$DEPS ARCH=sm_90 COMMIT=$commit-unpinned step09 \
    > $OLDPWD/$R/build-base.txt 2>&1) &
  pids="$pids $!"
fi
if [ $part = test ]; then
  make -j16 --no-print-directory DEPS=$PWD/$DEPS ARCH=sm_90 COMMIT=$commit build/test_gpu > $R/build-all.txt 2>&1 &
  pids="$pids $!"
fi
nvcc -O3 -lineinfo -arch=sm_90 -std=c++17 -Icommon $PROBES/ladder.cu -o /tmp/ladder > $R/build-ladder.txt 2>&1 \
  || { echo "ladder build failed"; cat $R/build-ladder.txt; exit 1; }
for p in $pids; do wait $p || { echo "a build failed"; tail -n 5 $R/build*.txt; exit 1; }; done
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
order)
  for v in $variants; do head -n 4 $SP/$v/steps/09_cooperative.cu | grep define | tr '\n' ' '; echo "($v)"; done
  timeout 200 /tmp/ladder order > $R/ladder_order.txt 2>&1
  echo "ladder order exit $? at ${SECONDS}s"; cat $R/ladder_order.txt
  timeout $((585 - SECONDS)) bash $PROBES/order.sh > $R/order.txt 2>&1
  echo "order exit $? at ${SECONDS}s"; cat $R/order.txt ;;
order2)
  for v in $variants; do head -n 4 $SP/$v/steps/09_cooperative.cu | grep define | tr '\n' ' '; echo "($v)"; done
  timeout $((585 - SECONDS)) bash $PROBES/order2.sh > $R/order2.txt 2>&1
  echo "order2 exit $? at ${SECONDS}s"; cat $R/order2.txt ;;
instr)
  for v in $variants; do head -n 4 $SP/$v/steps/09_cooperative.cu | grep -E "define|before" | tr '\n' ' '; echo "($v)"; done
  timeout $((585 - SECONDS)) bash $PROBES/instr.sh > $R/instr.txt 2>&1
  echo "instr exit $? at ${SECONDS}s"; cat $R/instr.txt ;;
disp)
  timeout $((585 - SECONDS)) bash $PROBES/disp.sh > $R/disp.txt 2>&1
  echo "disp exit $? at ${SECONDS}s"; cat $R/disp.txt ;;
final)
  timeout $((585 - SECONDS)) bash $PROBES/final.sh > $R/final.txt 2>&1
  echo "final exit $? at ${SECONDS}s"; cat $R/final.txt ;;
ncu3)
  export R; timeout $((585 - SECONDS)) bash $PROBES/ncu3.sh
  echo "ncu3 exit $? at ${SECONDS}s" ;;
adopt)
  timeout 300 bash $PROBES/adopt.sh > $R/adopt.txt 2>&1
  echo "adopt exit $? at ${SECONDS}s"; cat $R/adopt.txt
  m="smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio|smsp__inst_executed\.sum|gpu__time_duration\.sum"
  for f in 512 639; do  # the ladder's pinned phased-L and exp-L, the 121st launch (random inputs, two rounds)
    echo "== ladder<$f>"
    timeout $((585 - SECONDS)) ncu --clock-control none --cache-control all --metrics "regex:$m" \
      --kernel-name-base mangled -k "regex:ladderILi${f}E" --launch-skip 120 --launch-count 1 /tmp/ladder order 2>&1 \
      | grep -E "ladder|smsp__average|smsp__inst_executed.sum |gpu__time_duration.sum " | grep -vE "trace|round"
  done > $R/ncu-ladder.txt 2>&1
  echo "ncu ladder exit $? at ${SECONDS}s"; cat $R/ncu-ladder.txt ;;
test)
  st=${TEST_STAGES:-09}
  echo "test-gpu  commit $commit  $(date -u '+%Y-%m-%d %H:%M UTC')" > $R/test-gpu-$st.txt
  SOFTMAX_TEST_STAGES=$st timeout $((585 - SECONDS)) build/test_gpu --duration=true >> $R/test-gpu-$st.txt 2>&1
  echo "test-gpu exit $? at ${SECONDS}s"; tail -n 5 $R/test-gpu-$st.txt ;;
ncu2)
  timeout $((585 - SECONDS)) bash $PROBES/ncu2.sh > $R/ncu2.txt 2>&1
  echo "ncu2 exit $? at ${SECONDS}s"; cat $R/ncu2.txt ;;
ncu)
  timeout $((585 - SECONDS)) bash $PROBES/ncu.sh > $R/ncu.txt 2>&1
  echo "ncu exit $? at ${SECONDS}s"; grep -E "^==|Duration|DRAM Through|Memory Through|Stall|stall|Warp Cycles|Issued Ipc|Executed Instructions |ERR|error" $R/ncu.txt | head -n 120 ;;
esac
