#!/usr/bin/env bash
# Device runs of the sixty-sixth session (2026-11-30), on an H200, in the order they ran:
#   OUT=... bash results/h200/session66.run.sh first   test-gpu on stage 08 at the session's
#     start (the bounded teams' GPU case with the halves' lengths 3066 and 7162, which had not run),
#     the same case on stage 11; then the sixty-fifth session's prepared `knobs10`: the M = 2048
#     shapes stage 10 runs below or near 95% of the copy in the sweeps at a5a1642 (fp16 / bf16
#     2048 x 2^18 94.1%, fp32 2048 x 2^17 95.4%, 2^18 97.1% as a control) under stage 10's knobs:
#     the loader (STEP10_LOAD=bulk), the wide CTAs' shared memory (STEP10_SLICES=13), four CTAs a
#     cluster (STEP10_CLUSTER=4), clusters not persistent (STEP10_PERSISTENT=off), beside ./step10
#     and ./step11 as built, two rounds, each its own process
#   OUT=... bash results/h200/session66.run.sh policy   the one default-sweep shape behind a peer,
#     fp16 2048 x 1024 (6.69 against Triton's fused 6.62 us at a5a1642), and its neighbours: the
#     dispatcher with x's L2 policy (as built) and with EVICT_LAST=0, alternately, three rounds of
#     bench/peers.py (the fused Triton kernel beside it) and four of ./step11, each its own process
#   OUT=... bash results/h200/session66.run.sh held   stage 10's persistent clusters at M = 2048:
#     66 clusters of 2 take 2048 rows as 31 each and 2 left over, 30 of 4 as 68 and 8 left over.
#     Fewer clusters (explore/session66/held.patch: STEP10_HELD=K launches at most K), so that the
#     rows come out even or the last round fuller, against ./step10 as built, two rounds, each its
#     own process
#   OUT=... bash results/h200/session66.run.sh half   the held call found the clusters' count
#     no matter (64 clusters of 2 level with 66) but half of them 40% slower: each SM's own pace
#     sets the time. explore/session66/half.patch runs the persistent kernel on CTAs of 512
#     threads holding up to 128 KB each, two an SM, so that one CTA's sums and barriers overlap the
#     other's loads and stores (STEP10_HALF=1; 4 CTAs a row of 512 KB), against ./step10 as built,
#     three rounds, each its own process
#   OUT=... bash results/h200/session66.run.sh adopt   the paired CTAs as adopted (halves' persistent
#     rows of 384-512 KB): test-gpu on stage 10 and stage 11's case of many long rows, stage 11's
#     plans and sweeps, then ./step10 against STEP10_PAIRED=off on rows of 360-512 KB, two rounds
#     (STEP10_PAIRED=on where the plan keeps the wide CTAs: 3 paired CTAs a row)
#   OUT=... bash results/h200/session66.run.sh sanitize   compute-sanitizer's four tools on stage
#     10's paired CTAs (STEP10_PERSISTENT=on STEP10_PAIRED=on, so that a few dozen rows take them;
#     the first run had STEP10_PAIRED=on alone, which leaves 70 rows on one cluster a row: the
#     persistent plan comes first; its log is sanitize/sanitize-step10-not-paired.txt; the second
#     forced the persistent plan, but 70 rows of halves take the parts form, not the wide one:
#     only its fp32 shape was paired, sanitize/sanitize-step10-halves-parts.txt; the third forces
#     STEP10_FORM=wide as well)
#   OUT=... bash results/h200/session66.run.sh rows256   where else the paired CTAs might pay: many
#     rows of 256 KB, which the dispatcher gives stage 08's wide block (one a row, one an SM), on
#     stage 10 forced persistent with 2 paired CTAs a row, and persistent on one wide CTA a row,
#     beside ./step10 as built (one wide CTA a row, not persistent), two rounds, each its own
#     process (stage 08 itself: the sweeps at fad958b, another call)
#   OUT=... bash results/h200/session66.run.sh paired2   PREPARED, NOT RUN (no device time left):
#     the paired CTAs where the plan does not take them yet, in one call with the dispatcher:
#     many rows of 256 KB (stage 08's wide block now) and of 352-384 KB (2 wide CTAs now, 3
#     paired), ./step11 against stage 10 forced persistent and paired, three rounds
part=${1:-first}
. "$(dirname "$0")/session_lib.sh"  # mk, test_gpu, sweeps, peers_*; the call's files under ./$part/
. results/h100/explore/probe.sh; . results/h200/explore/session55/group.sh  # one, sanitize; group
case $part in
first) mk step08 step10 step11 build/test_gpu ;;
policy) d=/tmp/v_plain; mkdir -p $d build/v_plain && cp -r steps common bench Makefile $d &&
  { make -C $d -j8 --no-print-directory DEPS=$PWD/$DEPS ARCH=sm_90 EVICT_LAST=0 step11 lib > $R/build-plain.txt 2>&1 & p=$!; } &&
  mk step11 lib && wait $p && cp $d/step11 $d/build/libsoftmax.so build/v_plain/ ;;
held) PROBES=results/h200/explore/session66; variant_with held step10 & p=$!
  mk step10 && wait $p && [ -x build/v_held/step10 ] ;;
half) PROBES=results/h200/explore/session66; variant_with half step10 & p=$!
  mk step10 && wait $p && [ -x build/v_half/step10 ] ;;
adopt) mk step10 step11 build/test_gpu ;;
sanitize) mk step10 ;;
rows256) mk step10 ;;
paired2) mk step10 step11 ;;
esac || { echo "the build failed"; tail -n 5 $R/build-here.txt; exit 1; }
echo "built $commit at ${SECONDS}s"
case $part in
first)
  LIMIT=280 test_gpu 08
  SOFTMAX_TEST_STAGES=11 timeout 60 build/test_gpu -tc="stages 08 and 11 on many rows of 4-16 KB*" \
    > $R/test-gpu-11-bounded.txt 2>&1
  echo "test-gpu 11 bounded exit $? at ${SECONDS}s"; tail -n 3 $R/test-gpu-11-bounded.txt
  PROBE_UNTIL=570 group knobs10 2 ./step11 ./step10 "STEP10_LOAD=bulk ./step10" "STEP10_SLICES=13 ./step10" \
    "STEP10_CLUSTER=4 ./step10" "STEP10_PERSISTENT=off ./step10" < results/h200/explore/session65/knobs10.shapes \
    > $R/knobs10.txt 2>&1
  cat $R/knobs10.txt ;;
policy)
  for r in 1 2 3; do
    for lib in build/libsoftmax.so build/v_plain/libsoftmax.so; do
      l=policy; [ $lib = build/libsoftmax.so ] || l=plain
      GIT_DIR=/nonexistent timeout 100 python3 bench/peers.py --lib $lib --dtypes f32,f16,bf16 --sweeps m2048,batch \
        --impls triton_fused,step11 --filter '/M:(2048|128)/N:(1024|2048)$' --out $R/peers-$l-r$r.json > $R/peers-$l-r$r.txt 2>&1
      echo "peers $l r$r exit $? at ${SECONDS}s"; grep -A8 "^GB/s" $R/peers-$l-r$r.txt | head -12
    done
  done
  PROBE_UNTIL=585 group policy 4 ./step11 build/v_plain/step11 < results/h200/explore/session66/policy.shapes \
    > $R/policy.txt 2>&1
  cat $R/policy.txt ;;
held)
  h=build/v_held/step10
  PROBE_UNTIL=400 group held2 2 ./step10 "STEP10_HELD=64 $h" "STEP10_HELD=65 $h" "STEP10_HELD=62 $h" \
    "STEP10_HELD=32 $h" < results/h200/explore/session66/held2.shapes > $R/held.txt 2>&1
  PROBE_UNTIL=560 group held4 2 ./step10 "STEP10_HELD=29 $h" "STEP10_HELD=28 $h" "STEP10_HELD=27 $h" \
    "STEP10_HELD=16 $h" < results/h200/explore/session66/held4.shapes >> $R/held.txt 2>&1
  cat $R/held.txt ;;
half)
  PROBE_UNTIL=560 group half 3 ./step10 "STEP10_HALF=1 build/v_half/step10" \
    < results/h200/explore/session66/half.shapes > $R/half.txt 2>&1
  cat $R/half.txt ;;
adopt)
  LIMIT=240 test_gpu 10
  SOFTMAX_TEST_STAGES=11 timeout 80 build/test_gpu -tc="every stage on many long rows: persistent*" \
    > $R/test-gpu-11-paired.txt 2>&1
  echo "test-gpu 11 paired exit $? at ${SECONDS}s"; tail -n 3 $R/test-gpu-11-paired.txt
  sweeps
  PROBE_UNTIL=570 group paired 2 ./step10 "STEP10_PAIRED=off ./step10" "STEP10_PAIRED=on ./step10" \
    < results/h200/explore/session66/paired.shapes > $R/paired.txt 2>&1
  cat $R/paired.txt ;;
sanitize)
  STEP10_FORM=wide STEP10_PERSISTENT=on STEP10_PAIRED=on timeout $((560 - SECONDS)) bash -c '. results/h100/explore/probe.sh; sanitize ./step10' \
    > $R/sanitize-step10-paired.txt 2>&1 <<'S'
f16 70 262144 paired CTAs, 4 a row
bf16 67 229384 paired CTAs, the last part shorter
f32 70 131072 paired CTAs in fp32
S
  echo "sanitize paired exit $? at ${SECONDS}s"; cat $R/sanitize-step10-paired.txt | tail -n 20
  echo "f16 70 262144" | group confirm 1 "STEP10_FORM=wide STEP10_PERSISTENT=on STEP10_PAIRED=on ./step10" \
    "STEP10_FORM=wide STEP10_PERSISTENT=on STEP10_PAIRED=off ./step10" "./step10" ;;  # the forms differ: paired taken
rows256)
  PROBE_UNTIL=150 group rows256 2 ./step10 "STEP10_FORM=wide STEP10_PERSISTENT=on STEP10_PAIRED=on ./step10" \
    "STEP10_FORM=wide STEP10_PERSISTENT=on STEP10_PAIRED=off ./step10" \
    < results/h200/explore/session66/rows256.shapes > $R/rows256.txt 2>&1
  cat $R/rows256.txt ;;
paired2)
  PROBE_UNTIL=560 group paired2 3 ./step11 "STEP10_FORM=wide STEP10_PERSISTENT=on STEP10_PAIRED=on ./step10" \
    < results/h200/explore/session66/paired2.shapes > $R/paired2.txt 2>&1
  cat $R/paired2.txt ;;
esac
