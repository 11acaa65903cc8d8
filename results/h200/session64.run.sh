#!/usr/bin/env bash
# Device runs of the sixty-fourth session (2026-11-29), on an H200, in the order they ran:
#   OUT=... bash results/h200/session63.run.sh l2last   (the sixty-third session's prepared call,
#     run at 4fa3588; its files under explore/session63/l2last/)
#   OUT=... bash results/h200/session64.run.sh adopt   stages 03 and 08-12, the library and
#     build/test_gpu with x's loads under the L2 evict_last policy (common/packs.cuh) and the
#     harness's reset before each flush: one small timed run of stages 01 and 08 (the reset's
#     path), then test-gpu on stages 08-12 in three processes at once
#     (test-gpu 11's check that a second round of calls allocates nothing failed there: it reads
#     the whole device's free memory with cudaMemGetInfo, and the other two processes allocated
#     and freed meanwhile)
#   OUT=... bash results/h200/session64.run.sh measure   that check again on stages 08-12, alone on
#     the GPU; stage 11's plans and sweeps; bench/peers.py's m2048, vector and small sweeps with
#     the dispatcher, stages 03 and 08 and every peer
#   OUT=... bash results/h200/session64.run.sh ab   the dispatcher as built (the policy) and built with
#     EVICT_LAST=0 (plain loads; in /tmp/v_plain from a copy of the tree), both with the harness's
#     reset: their f32, f16 and bf16 sweeps in turn, two rounds (the f16 and bf16 sweeps of
#     `measure` had their small shapes' copy 0.3-0.7 us slower than the sweeps before; f32 not)
#   OUT=... bash results/h200/session64.run.sh cap   stage 08 with team_rows_capped at 48 registers
#     (under the policy ptxas gave it 52-55 at a cap of 56: an SM held 7 blocks of 5 warps, not 8,
#     and 1 of 19-20, not 2) and build/test_gpu, and stage 08 at the cap of 56 (explore/session64/
#     cap56.patch, in /tmp/v_cap56): test-gpu on stage 08, then both on six halves shapes that run
#     the capped kernel, two rounds, each its own process
#   The parts caps, sanitize and ncu were prepared here and not run (no device time left); they
#     ran in the sixty-fifth session from results/h200/session65.run.sh (caps, check), and are
#     kept there only
part=${1:-adopt}
PROBES=results/h200/explore/session64
. "$(dirname "$0")/session_lib.sh"  # mk, test_gpu, sweeps, peers_*; the call's files under ./$part/
. results/h100/explore/probe.sh; . results/h200/explore/session55/group.sh  # one, group (cap)
case $part in
adopt) mk step01 step03 step08 step09 step10 step11 step12 lib build/test_gpu ;;
ab) d=/tmp/v_plain; mkdir -p $d build/v_plain && cp -r steps common bench Makefile $d &&
  { make -C $d -j8 --no-print-directory DEPS=$PWD/$DEPS ARCH=sm_90 EVICT_LAST=0 step11 > $R/build-plain.txt 2>&1 & p=$!; } &&
  mk step11 && wait $p && cp $d/step11 build/v_plain/ ;;
cap) variant_with cap56 step08 & p=$!
  mk step08 build/test_gpu && wait $p && [ -x build/v_cap56/step08 ] ;;
*) mk step03 step08 step11 lib build/test_gpu ;;
esac || { echo "the build failed"; tail -n 5 $R/build-here.txt; exit 1; }
echo "built $commit at ${SECONDS}s"
case $part in
adopt)
  for s in 01 08; do  # the timed path with the reset, one shape each
    ./step$s --rows 2048 --cols 4096 --iters 10 > $R/smoke-step$s.txt 2>&1; echo "step$s exit $? at ${SECONDS}s"
    tail -n 3 $R/smoke-step$s.txt
  done
  test_gpu 08,09 & p1=$!
  test_gpu 10,12 & p2=$!
  test_gpu 11; wait $p1 $p2 ;;
measure)
  SOFTMAX_TEST_STAGES=08,09,10,11,12 build/test_gpu -tc="running a stage again*" > $R/test-gpu-memory.txt 2>&1
  echo "memory check exit $? at ${SECONDS}s"; tail -n 3 $R/test-gpu-memory.txt
  sweeps
  peers_sweeps m2048,vector 440
  peers_small 585 ;;
cap)
  LIMIT=230 test_gpu 08
  PROBE_UNTIL=$((SECONDS + 60)) group cap 2 ./step08 build/v_cap56/step08 > $R/cap.txt 2>&1 <<'S'
bf16 2048 5120
bf16 2048 19456
bf16 2048 20480
f16 2048 19456
f16 2048 20480
f16 64 5120
S
  cat $R/cap.txt ;;
ab)
  for r in 1 2; do
    for t in f32 f16 bf16; do
      for b in ./step11 build/v_plain/step11; do
        f=$R/$(basename $(dirname $b))-$t-r$r; [ $b = ./step11 ] && f=$R/policy-$t-r$r
        timeout 60 $b --dtype $t --iters 30 --benchmark_out_format=json --benchmark_out=$f.json > $f.txt 2>&1
        echo "$f exit $? at ${SECONDS}s"
      done
    done
  done ;;
esac
