#!/usr/bin/env bash
# Device runs of the seventy-first session (2026-11-30), on an H200, in the order they ran:
#   OUT=... bash results/h200/session71.run.sh after   the seventieth session's prepared call
#     (written in session70.run.sh, moved here): make test-gpu on stage 10 at b0a8c74's code (27
#     of 30 cases ran there; two fp32 cases on 3 paired CTAs added since) and stage 11's persistent
#     case; ./step11 against ./step08 at 133-149 rows, one round; compute-sanitizer's four tools on
#     fp32 3 paired CTAs; then is the wider CTAs' fall at the 13th slice their L1 (28 KB at 208 KB
#     of shared memory, up to 60 at 192)? stage 10's wider CTAs at rows of 320 KB (12 slices) with
#     and without STEP10_CARVEOUT=100 (explore/session71/carveout.patch: all the unified memory to
#     shared memory), and at 328 KB (13) for comparison, two rounds
#   OUT=... bash results/h200/session71.run.sh bulk   after/carveout.txt: the L1 it is (12 slices
#     with 28 KB of L1 fall as 13 do). The 13-slice caches' slices by bulk copy, which does not
#     pass through the L1 (make BULK_SLICES=1, common/row_cache.cuh), against the tree's cp.async:
#     stage 08's wider block and stage 10's wider CTAs (STEP10_PAIRED=off), both builds, with
#     stage 10 as built, at rows of 272-336 KB and 2048 x 256000 fp32 (3 wider CTAs a row), two
#     rounds; compute-sanitizer's four tools on both bulk-built stages
#   OUT=... bash results/h200/session71.run.sh rule   bulk.txt: stage 10's wider CTAs took 3.3-6.8%
#     less time by bulk copy at 13 slices, 0.9-1.3% more at 9-12 in halves; stage 08's wider block
#     did not run (its opt-in left no room for the mbarriers: fixed, from the kernel's own static
#     shared memory). BULK_SLICES=1 now takes bulk copies only where the 13th slice is in use: both
#     stages, both builds, at rows of 320-336 KB (132-12288 rows), two rounds; compute-sanitizer on
#     stage 08's wider block over more rows than SMs
#   OUT=... bash results/h200/session71.run.sh adopt   rule.txt: by bulk copy stage 08's wider block
#     took 5.1-7.3% less time at rows of 328-336 KB from 1024 rows, and 10's wider CTAs 2.1-6.8%
#     (and 5.4% at fp32 132 rows); but 08 took 1.9-2.4% more at 12 slices, where the runtime rule
#     kept cp.async (the code around it). Now bulk kernels of their own (a template flag), launched
#     only where the 13th slice is in use, the default (make BULK_SLICES=0 builds without): make
#     test-gpu on stages 08 and 10 (a new case of rows past 320 KB), then the tree against
#     BULK_SLICES=0 at 12 and 13 slices with ./step11, one round, then make test-gpu on stage 11
#   OUT=... bash results/h200/session71.run.sh rest   adopt's make test-gpu on stage 08 ran 20 of its
#     31 cases (all passing) in its limit: the 11 after them, the log straight into $OUT
#   (the prepared `persist` call, which could not start, moved to session72.run.sh)
part=${1:-after}
. "$(dirname "$0")/session_lib.sh"  # mk, test_gpu, test_case, variant_with; the call's files under ./$part/
. results/h100/explore/probe.sh; . results/h200/explore/session55/group.sh  # one, sanitize; group
PROBES=results/h200/explore/session71
case $part in
after) (variant_with carveout STAGES=10 step10 || echo "carveout build failed") > $R/variant.txt 2>&1 &
  mk step08 step10 step11 build/test_gpu ;;
bulk) (variant_with bulk BULK_SLICES=1 step08 step10 || echo "bulk build failed") > $R/variant.txt 2>&1 &
  mk step08 step10 && wait ;;
rule) (variant_with bulk BULK_SLICES=1 step08 step10 || echo "bulk build failed") > $R/variant.txt 2>&1 &
  mk step08 step10 && wait ;;
adopt) (variant_with cpasync BULK_SLICES=0 step08 step10 || echo "cpasync build failed") > $R/variant.txt 2>&1 &
  mk step08 step10 step11 build/test_gpu && wait ;;
rest) mk build/test_gpu ;;
esac || { echo "the build failed"; tail -n 5 $R/build-here.txt; exit 1; }
echo "built $commit at ${SECONDS}s"
case $part in
after)
  LIMIT=260 test_gpu 10
  wait; cat $R/variant.txt; echo "variant built at ${SECONDS}s"
  W="STEP10_PAIRED=off build/v_carveout/step10"
  printf 'bf16 2048 163840\nf16 1024 163840\nf32 2048 81920\nbf16 2048 167936\n' |
    PROBE_UNTIL=400 group carveout 2 "$W" "STEP10_CARVEOUT=100 $W" > $R/carveout.txt 2>&1
  cat $R/carveout.txt
  test_case 11 persistent 40 "every stage on many long rows: persistent*"
  printf 'f32 140 86016\nf16 140 172032\nbf16 133 139264\nf32 145 69632\n' |
    PROBE_UNTIL=470 group low133 1 ./step11 ./step08 > $R/low133.txt 2>&1
  cat $R/low133.txt
  timeout $((590 - SECONDS)) bash -c '. results/h100/explore/probe.sh; sanitize ./step10' \
    > $R/sanitize-step10-f32.txt 2>&1 <<'S'
f32 140 86012 3 paired CTAs from more rows than SMs, past 12 slices
f32 600 69636 3 paired CTAs, parts 71% full, the last shorter
S
  tail -n 9 $R/sanitize-step10-f32.txt ;;
bulk)
  cat $R/variant.txt; B=build/v_bulk
  printf '%s\n' 'bf16 2048 167936' 'f16 1024 172032' 'f32 2048 86016' 'bf16 2048 172032' 'bf16 2048 163840' \
    'f32 2048 81920' 'bf16 2048 139264' 'f32 132 86016' 'bf16 64 172032' 'f32 2048 256000' |
    PROBE_UNTIL=400 group bulk 2 ./step08 $B/step08 "STEP10_PAIRED=off ./step10" "STEP10_PAIRED=off $B/step10" \
      ./step10 > $R/bulk.txt 2>&1
  cat $R/bulk.txt
  timeout $((500 - SECONDS)) bash -c '. results/h100/explore/probe.sh; sanitize build/v_bulk/step08' \
    > $R/sanitize-step08-bulk.txt 2>&1 <<'S'
bf16 4 167936 the wider block, 13 slices by bulk copy
f32 3 86013 the wider block, a row off 16 bytes: its slices by cp.async
S
  tail -n 9 $R/sanitize-step08-bulk.txt
  timeout $((590 - SECONDS)) bash -c '. results/h100/explore/probe.sh; STEP10_PAIRED=off sanitize build/v_bulk/step10' \
    > $R/sanitize-step10-bulk.txt 2>&1 <<'S'
f16 140 172032 the wider CTAs persistent: the next row's slices by bulk copy
bf16 8 167936 the wider CTAs, 13 slices by bulk copy
S
  tail -n 9 $R/sanitize-step10-bulk.txt ;;
rule)
  cat $R/variant.txt; B=build/v_bulk
  timeout 100 bash -c '. results/h100/explore/probe.sh; sanitize build/v_bulk/step08' > $R/sanitize-step08-bulk.txt 2>&1 <<'S'
bf16 140 167936 the wider block over more rows than SMs, 13 slices by bulk copy
f32 133 86016 the wider block, fp32, 13 slices by bulk copy
S
  tail -n 9 $R/sanitize-step08-bulk.txt
  printf '%s\n' 'bf16 2048 167936' 'f16 1024 172032' 'f32 2048 86016' 'f32 132 86016' 'bf16 12288 167936' \
    'f16 4096 165888' 'bf16 2048 163840' 'f32 2048 81920' |
    PROBE_UNTIL=560 group rule 2 ./step08 $B/step08 "STEP10_PAIRED=off ./step10" "STEP10_PAIRED=off $B/step10" \
      ./step10 > $R/rule.txt 2>&1
  cat $R/rule.txt ;;
adopt)
  cat $R/variant.txt
  LIMIT=200 test_gpu 08
  LIMIT=330 test_gpu 10
  C=build/v_cpasync
  printf '%s\n' 'bf16 2048 167936' 'f32 2048 86016' 'bf16 2048 163840' 'f32 2048 81920' 'bf16 12288 167936' |
    PROBE_UNTIL=420 group adopt 1 ./step08 $C/step08 "STEP10_PAIRED=off ./step10" "STEP10_PAIRED=off $C/step10" \
      ./step11 > $R/adopt.txt 2>&1
  cat $R/adopt.txt
  LIMIT=590 test_gpu 11 ;;
rest)
  T="no stage writes outside*,every stage takes x and y off*,more than 2^31*,stages that take any N*"
  T="$T,stages with a row stride*,the occupancy calculator*,running a stage again*,StreamScratch*"
  T="$T,calls on two streams*,the checks catch*,the strided check*"
  echo "test-gpu  commit $commit  $(date -u '+%Y-%m-%d %H:%M UTC')" > $OUT/test-gpu-08-rest.txt
  SOFTMAX_TEST_STAGES=08 timeout $((205 - SECONDS)) build/test_gpu --duration=true -tc="$T" \
    >> $OUT/test-gpu-08-rest.txt 2>&1
  echo "test-gpu 08 rest exit $? at ${SECONDS}s"; tail -n 4 $OUT/test-gpu-08-rest.txt ;;
esac
