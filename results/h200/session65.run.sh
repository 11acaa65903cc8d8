#!/usr/bin/env bash
# Device runs of the sixty-fifth session (2026-11-30), on an H200, in the order they ran:
#   OUT=... bash results/h200/session65.run.sh caps   the sixty-fourth session's prepared `caps`
#     (stage 08 as it is against explore/session64/caps.patch on the shapes of the teams that lost
#     an occupancy step under x's L2 policy, two rounds, each its own process; test-gpu on stage 08
#     of the patch), then compute-sanitizer's four tools on stages 08 and 09 (tests/sanitize.sh,
#     fp32) and on stage 08's halves (the predicated loads of shifted rows), as time allows
#     (the fp32 sanitize part did not run: a bad redirect in sanitize_stages, fixed since)
#   OUT=... bash results/h200/session65.run.sh check   stage 08's bounded teams as adopted (the
#     caps kernels taken only by grids of more than one wave): test-gpu on stage 08, and on stage
#     11 its new case; the sixty-fourth session's prepared `ncu` (the dispatcher with and without
#     the policy: DRAM bytes, L2 hit rate, the kernel's time on three shapes); compute-sanitizer
#     on stages 08, 09, 10 and 12 (tests/sanitize.sh, fp32)
#   OUT=... bash results/h200/session65.run.sh peers   every stage, the library and build/test_gpu:
#     stage 11's plans and sweeps, then bench/peers.py's default sweeps (m2048, batch, vector) and
#     the small sweep, every implementation (plots/h200/ are drawn from them)
#   OUT=... bash results/h200/session65.run.sh small   the peers' "small" sweep at a5a1642 had the
#     dispatcher 0.1-0.2 us slower at 16384 x 8 in every dtype than at 54cf255 (fp32 4.16 ->
#     4.35 us, 4.6% behind torch.compile), the other 45 shapes within -1.1..+0.8%: the library as
#     built and with explore/session65/unbounded.patch (the bounded teams taken out), bench/peers.py
#     on rows of 8 and 64 at 16384 rows, stage 11 alone, alternately, two rounds each
#   OUT=... bash results/h200/session65.run.sh test11   test-gpu on stage 11 at the session's last
#     kernels (the dispatcher reaches stage 08's bounded teams)
#   OUT=... bash results/h200/session65.run.sh knobs10   PREPARED, NOT RUN (no device time left):
#     the M = 2048 shapes stage 10 runs below or near 95% of the copy in the sweeps at a5a1642
#     (fp16 / bf16 2048 x 2^18 94.1%, fp32 2048 x 2^17 95.4%, 2^18 97.1% as a control) under
#     stage 10's knobs: the loader (STEP10_LOAD=bulk), the wide CTAs' shared memory
#     (STEP10_SLICES=13), four CTAs a cluster (STEP10_CLUSTER=4), clusters not persistent
#     (STEP10_PERSISTENT=off), beside ./step10 and ./step11 as built, two rounds, each its own process
part=${1:-caps}
PROBES=results/h200/explore/session64  # caps.patch
[ $part = small ] && PROBES=results/h200/explore/session65  # unbounded.patch
. "$(dirname "$0")/session_lib.sh"  # mk, test_gpu, sweeps, peers_*; the call's files under ./$part/
. results/h100/explore/probe.sh; . results/h200/explore/session55/group.sh  # one, sanitize; group
# compute-sanitizer on stages (tests/sanitize.sh, fp32), bounded by UNTIL seconds since the start
sanitize_stages() {
  local log="$*"; log=$R/sanitize-${log// /-}.txt
  timeout $((UNTIL - SECONDS)) sh tests/sanitize.sh "$@" > $log 2>&1
  echo "sanitize $* exit $? at ${SECONDS}s"; grep -v "^ok" $log | tail -n 12
}
case $part in
caps) mkdir -p /tmp/v_caps && cp -r tests /tmp/v_caps/  # test_gpu's sources, beside variant_with's copy
  variant_with caps step08 build/test_gpu & p=$!
  mk step08 step09 && wait $p && [ -x build/v_caps/step08 ] && [ -x /tmp/v_caps/build/test_gpu ] ;;
check) d=/tmp/v_plain; mkdir -p $d build/v_plain && cp -r steps common bench Makefile $d &&
  { make -C $d -j8 --no-print-directory DEPS=$PWD/$DEPS ARCH=sm_90 EVICT_LAST=0 step11 > $R/build-plain.txt 2>&1 & p=$!; } &&
  mk step08 step09 step10 step11 step12 build/test_gpu && wait $p && cp $d/step11 build/v_plain/ ;;
peers) mk all lib build/test_gpu ;;
test11) mk step11 build/test_gpu ;;
knobs10) mk step10 step11 ;;
small) variant_with unbounded lib & p=$!
  mk lib && wait $p && [ -f build/v_unbounded/libsoftmax.so ] ;;
esac || { echo "the build failed"; tail -n 5 $R/build-here.txt; exit 1; }
echo "built $commit at ${SECONDS}s"
case $part in
caps)
  PROBE_UNTIL=$((SECONDS + 150)) group caps 2 ./step08 build/v_caps/step08 < results/h200/explore/session65/caps.shapes > $R/caps.txt 2>&1
  cat $R/caps.txt
  SOFTMAX_TEST_STAGES=08 timeout $((430 - SECONDS)) /tmp/v_caps/build/test_gpu > $R/test-gpu-08-caps.txt 2>&1
  echo "test-gpu caps exit $? at ${SECONDS}s"; tail -n 3 $R/test-gpu-08-caps.txt
  timeout $((500 - SECONDS)) bash -c '. results/h100/explore/probe.sh; sanitize ./step08' \
    > $R/sanitize-step08-halves.txt 2>&1 <<'S'
f16 5 1001 odd rows, shifted
bf16 7 4097 odd rows, shifted
f16 3 40000 a block's row
bf16 2 300001 a long odd row
S
  echo "sanitize halves exit $? at ${SECONDS}s"; grep -v "^ok" $R/sanitize-step08-halves.txt | tail -n 12
  UNTIL=585 sanitize_stages step08 step09 ;;
check)
  LIMIT=260 test_gpu 08
  SOFTMAX_TEST_STAGES=11 timeout 60 build/test_gpu -tc="stages 08 and 11 on many rows of 4-16 KB*" \
    > $R/test-gpu-11-bounded.txt 2>&1
  echo "test-gpu 11 bounded exit $? at ${SECONDS}s"; tail -n 3 $R/test-gpu-11-bounded.txt
  PROBE_UNTIL=$((SECONDS + 40)) group adopted 1 ./step08 < results/h200/explore/session65/caps.shapes > $R/adopted.txt 2>&1
  cat $R/adopted.txt
  k='regex:onepass|team_rows|pack_rows|warp_rows|softmax_split|softmax_cluster|ring_rows'
  m=dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_hit_rate.pct,gpu__time_duration.sum
  for s in "f32 2048 65536" "f32 8 4194304" "f32 16777216 2"; do
    set -- $s
    for b in ./step11 build/v_plain/step11; do
      echo "== $b $1 $2 x $3" >> $R/ncu.txt
      timeout 90 ncu --clock-control none --cache-control all -k "$k" --launch-skip 20 --launch-count 1 \
        --metrics $m $b --dtype $1 --rows $2 --cols $3 --iters 30 >> $R/ncu.txt 2>&1
      echo "ncu $b $s exit $? at ${SECONDS}s"
    done
  done
  grep -E "^==|dram__|lts__|gpu__time" $R/ncu.txt
  UNTIL=585 sanitize_stages step08 step09 step10 step12 ;;
peers)
  sweeps
  GIT_DIR=/nonexistent timeout $((440 - SECONDS)) python3 bench/peers.py --lib build/libsoftmax.so \
    --dtypes f32,f16,bf16 --sweeps m2048,batch,vector --out $R/peers-$commit.json > $R/peers-$commit.txt 2>&1
  echo "peers exit $? at ${SECONDS}s"; tail -n 12 $R/peers-$commit.txt
  peers_small 585 ;;
test11) test_gpu 11 ;;
knobs10)
  PROBE_UNTIL=540 group knobs10 2 ./step11 ./step10 "STEP10_LOAD=bulk ./step10" "STEP10_SLICES=13 ./step10" \
    "STEP10_CLUSTER=4 ./step10" "STEP10_PERSISTENT=off ./step10" < results/h200/explore/session65/knobs10.shapes \
    > $R/knobs10.txt 2>&1
  cat $R/knobs10.txt ;;
small)
  for r in 1 2; do
    for lib in build/libsoftmax.so build/v_unbounded/libsoftmax.so; do
      l=bounded; [ $lib = build/libsoftmax.so ] || l=unbounded
      GIT_DIR=/nonexistent timeout 100 python3 bench/peers.py --lib $lib --dtypes f32,f16,bf16 --sweeps small \
        --impls step11 --filter 'M:16384/N:(8|64)$' --out $R/peers-$l-r$r.json > $R/peers-$l-r$r.txt 2>&1
      echo "peers $l r$r exit $? at ${SECONDS}s"; grep -A3 "^GB/s" $R/peers-$l-r$r.txt
    done
  done ;;
esac
