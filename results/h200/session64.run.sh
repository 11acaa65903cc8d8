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
#   OUT=... bash results/h200/session64.run.sh caps   PREPARED, NOT RUN (no device time left):
#     stage 08 as it is and with explore/session64/caps.patch (the teams whose registers crossed an
#     occupancy step under the policy, as their own kernels bounded to the blocks an SM they had:
#     halves teams of 4 and 8 warps x 4 packs off the 16-byte boundary at 48 registers, fp32 teams
#     of 4 warps x 4 packs at 32; built for sm_80 and sm_90 on the build machine: those five
#     kernels new, no spills, every other kernel's registers unchanged) on shapes those teams take,
#     two rounds, each its own process; then test-gpu on stage 08 of the patch
#   OUT=... bash results/h200/session64.run.sh sanitize   PREPARED, NOT RUN: tests/sanitize.sh
#     (compute-sanitizer's memcheck, racecheck, synccheck and initcheck) on stages 08, 09, 10 and
#     12, whose loads of x are predicated asm loads under the policy since 466ab02
#   OUT=... bash results/h200/session64.run.sh ncu   PREPARED, NOT RUN: why the policy pays. The
#     dispatcher as built and with EVICT_LAST=0 (as in `ab`), Nsight Compute on one launch of the
#     timed loop (the 21st) of three shapes: DRAM bytes read and written, the L2's hit rate and
#     the kernel's time, caches flushed before the replay, clocks left alone
part=${1:-adopt}
PROBES=results/h200/explore/session64
. "$(dirname "$0")/session_lib.sh"  # mk, test_gpu, sweeps, peers_*; the call's files under ./$part/
. results/h100/explore/probe.sh; . results/h200/explore/session55/group.sh  # one, group (cap, caps)
case $part in
adopt) mk step01 step03 step08 step09 step10 step11 step12 lib build/test_gpu ;;
ab | ncu) d=/tmp/v_plain; mkdir -p $d build/v_plain && cp -r steps common bench Makefile $d &&
  { make -C $d -j8 --no-print-directory DEPS=$PWD/$DEPS ARCH=sm_90 EVICT_LAST=0 step11 > $R/build-plain.txt 2>&1 & p=$!; } &&
  mk step11 && wait $p && cp $d/step11 build/v_plain/ ;;
caps) mkdir -p /tmp/v_caps && cp -r tests /tmp/v_caps/  # test_gpu's sources, beside variant_with's copy
  variant_with caps step08 build/test_gpu & p=$!
  mk step08 && wait $p && [ -x build/v_caps/step08 ] && [ -x /tmp/v_caps/build/test_gpu ] ;;
cap) variant_with cap56 step08 & p=$!
  mk step08 build/test_gpu && wait $p && [ -x build/v_cap56/step08 ] ;;
sanitize) mk step08 step09 step10 step12 ;;
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
caps)
  PROBE_UNTIL=$((SECONDS + 150)) group caps 2 ./step08 build/v_caps/step08 > $R/caps.txt 2>&1 <<'S'
f16 2048 4089
bf16 2048 4089
f16 2048 8185
bf16 2048 8185
f16 512 8185
f32 2048 2048
f32 8192 2048
f32 1024 2048
S
  cat $R/caps.txt
  SOFTMAX_TEST_STAGES=08 timeout $((585 - SECONDS)) /tmp/v_caps/build/test_gpu > $R/test-gpu-08-caps.txt 2>&1
  echo "test-gpu caps exit $? at ${SECONDS}s"; tail -n 3 $R/test-gpu-08-caps.txt ;;
sanitize)
  timeout $((585 - SECONDS)) sh tests/sanitize.sh step08 step09 step10 step12 > $R/sanitize.txt 2>&1
  echo "sanitize exit $? at ${SECONDS}s"; grep -v "^ok" $R/sanitize.txt | tail -n 12 ;;
ncu)
  k='regex:onepass|team_rows|pack_rows|warp_rows|softmax_split|softmax_cluster|ring_rows'
  m=dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_hit_rate.pct,gpu__time_duration.sum
  for s in "f32 2048 65536" "f32 8 4194304" "f32 16777216 2"; do
    set -- $s
    for b in ./step11 build/v_plain/step11; do
      echo "== $b $1 $2 x $3" >> $R/ncu.txt
      timeout 120 ncu --clock-control none --cache-control all -k "$k" --launch-skip 20 --launch-count 1 \
        --metrics $m $b --dtype $1 --rows $2 --cols $3 --iters 30 >> $R/ncu.txt 2>&1
      echo "ncu $b $s exit $? at ${SECONDS}s"
    done
  done
  grep -E "^==|dram__|lts__|gpu__time" $R/ncu.txt ;;
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
