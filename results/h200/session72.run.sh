#!/usr/bin/env bash
# Device runs of the seventy-second session (2026-11-30), on an H200, in the order they ran:
#   OUT=... bash results/h200/session72.run.sh margins   the H200 amendments that send rows past
#     320 KB to stage 10's paired CTAs were timed against stage 08 before its wider block took the
#     13th slice by bulk copy (seventy-first session, 4.9-8.0% less time there): ./step11 against
#     ./step08 and ./step10 as built at fp32 rows of 336 KB at 1024-12288 rows and halves rows of
#     324-336 KB at 4096-16384, past the amendments' bounds (8192 rows in fp32, 10240 in halves)
#     first, two rounds; stage 10's plan with 13 slices (STEP10_SLICES=13: 3 wider CTAs, the 13th
#     slice by bulk copy) against its 4 wide CTAs at fp32 2048 x 256000 (the fifty-fifth session's
#     question), two rounds; then the seventy-first session's prepared `persist` call, moved here:
#     the plans its sanitizer shapes take (STEP10_PAIRED=off, and forced onto persistent wide
#     CTAs) and compute-sanitizer's four tools on stage 10's persistent wider CTAs by bulk copy
#     (forced; the refill of the next row's slices after the block barrier)
#   OUT=... bash results/h200/session72.run.sh bounds   margins.txt: stage 08 now leads the
#     dispatcher's paired CTAs at fp32 8192 x 86016 (1.8%) and 4096 x 84992 (0.4%), not at 1581
#     and 2048 rows; stage 10 leads 08 at bf16 12288 x 167936 by 4.3% (past rule 33's 10240-row
#     bound), level at fp16 16384 x 172032; 3 wider CTAs took 7.1% more time than 4 wide at fp32
#     2048 x 256000. Where the bounds go: ./step08 against ./step10 as built at fp32 rows of
#     328-336 KB at 1024-6144 rows and halves rows of 324-336 KB at 8192-20480, two rounds
#   OUT=... bash results/h200/session72.run.sh confirm   bounds.txt: in fp32 the paired CTAs lead
#     to 2560 rows (0.2%), stage 08 from 3072 (0.2-2.0%); in halves stage 10 leads or is level at
#     every row count to 20480 (bf16 4.3-4.7%). Rule 5's fp32 amendment past 320 KB now ends at
#     2560 rows, rule 33's halves amendment past 320 KB no longer ends at 10240: make test-gpu on
#     stage 11, then its plans and ./step11 against ./step08 and ./step10 at both sides of the
#     new bounds and at rule 33's amendments of 512-4096 rows past 320 KB (timed before stage 08's
#     bulk copies), one round
#   OUT=... bash results/h200/session72.run.sh bf16   confirm.txt and bounds.txt: stage 08's wider
#     block ran bf16 4-5 points of the copy below fp16 at the same shapes (16384 x 172032: 91.4
#     against 96.0%), one block an SM with its exponentials on the critical path; its bf16 kernel
#     had 3280 instructions to fp16's 3088, the difference __bfloat1622float2's PRMT and shift for
#     each high half (and pack_max's). common/packs.cuh now unpacks a bf16 word with one shift and
#     one mask (exact), 3088 instructions: make test-gpu on stage 08, then the tree against the
#     old conversion (explore/session72/oldconv.patch) at bf16 rows of 64-336 KB with fp16 beside
#     them, one round, then make test-gpu on stage 10 in what time is left
#   OUT=... bash results/h200/session72.run.sh next   PREPARED, NOT RUN (the session's device time
#     was spent): after the bf16 call the ptxas report showed stage 08's lean team of bf16 spilling
#     12 bytes with the new form, so that kernel takes cuda_bf16.h's again (its SASS as before the
#     session; every other stage 08 kernel's sm_90 SASS as at fe90071), and tests/spill_check.py
#     holds the build to no new spills. Here: make test-gpu on stages 10 (9 of its cases did not
#     run at fe90071), 09 and 12 with the new unpacking, then the dispatcher against the same tree
#     with cuda_bf16.h's conversion everywhere (explore/session72/oldconv2.patch) on the bf16 sweep
#     shapes, lean team's 2048 x 16384 among them, two rounds
part=${1:-margins}
. "$(dirname "$0")/session_lib.sh"  # mk, test_gpu, test_case, variant_with; the call's files under ./$part/
. results/h100/explore/probe.sh; . results/h200/explore/session55/group.sh  # one, sanitize; group
PROBES=results/h200/explore/session72
case $part in
margins) mk step08 step10 step11 ;;
bounds) mk step08 step10 ;;
confirm) mk step08 step10 step11 build/test_gpu ;;
bf16) (variant_with oldconv STAGES=08 step08 || echo "oldconv build failed") > $R/variant.txt 2>&1 &
  mk step08 step10 build/test_gpu ;;
next) (variant_with oldconv2 step11 || echo "oldconv2 build failed") > $R/variant.txt 2>&1 &
  mk step09 step10 step11 step12 build/test_gpu ;;
esac || { echo "the build failed"; tail -n 5 $R/build-here.txt; exit 1; }
echo "built $commit at ${SECONDS}s"
case $part in
margins)
  printf '%s\n' 'f32 8192 86016' 'bf16 12288 167936' 'f32 12288 86016' 'f16 16384 172032' \
    'f32 2048 86016' 'f16 10240 165888' 'f32 1581 86016' 'f32 4096 84992' 'f16 4096 165888' \
    'f32 1024 86016' | PROBE_UNTIL=400 group margins 2 ./step11 ./step08 ./step10 > $R/margins.txt 2>&1
  cat $R/margins.txt
  for e in "" "STEP10_SLICES=13"; do
    env $e ./step10 --explain --dtype f32 --rows 2048 --cols 256000 | grep -m1 "^f32 2048 x 256000:" | sed "s/^/$e: /"
  done > $R/plans-256000.txt 2>&1; cat $R/plans-256000.txt
  echo 'f32 2048 256000' | PROBE_UNTIL=440 group slices13 2 ./step10 "STEP10_SLICES=13 ./step10" > $R/slices13.txt 2>&1
  cat $R/slices13.txt
  for e in "STEP10_PAIRED=off" "STEP10_FORM=wide STEP10_PAIRED=off STEP10_PERSISTENT=on"; do
    for sh in "f16 140 172032" "bf16 8 167936" "f16 300 172032"; do set -- $sh
      env $e ./step10 --explain --dtype $1 --rows $2 --cols $3 | grep -m1 "^$1 $2 x $3:" | sed "s/^/$e: /"
    done
  done > $R/plans.txt 2>&1; cat $R/plans.txt
  F="STEP10_FORM=wide STEP10_PAIRED=off STEP10_PERSISTENT=on"
  env $F timeout $((590 - SECONDS)) bash -c '. results/h100/explore/probe.sh; sanitize ./step10' \
    > $R/sanitize-step10-persistent-bulk.txt 2>&1 <<'S'
f16 300 172032 the wider CTAs persistent (forced), the next row's slices by bulk copy
S
  tail -n 5 $R/sanitize-step10-persistent-bulk.txt ;;
bounds)
  printf '%s\n' 'f32 3072 86016' 'f32 2560 86016' 'f32 3584 86016' 'f32 1024 86016' 'f32 2048 83968' \
    'f32 6144 86016' 'bf16 16384 167936' 'f16 12288 165888' 'f16 16384 165888' 'bf16 12288 172032' \
    'bf16 16384 172032' 'f16 12288 172032' 'f16 8192 172032' 'bf16 20480 167936' |
    PROBE_UNTIL=585 group bounds 2 ./step08 ./step10 > $R/bounds.txt 2>&1
  cat $R/bounds.txt ;;
confirm)
  LIMIT=270 test_gpu 11
  C=('f32 2560 86016' 'f32 2561 86016' 'f32 8192 86016' 'bf16 12288 167936' 'f16 16384 165888'
     'bf16 1024 172032' 'f16 1024 167936' 'bf16 600 167936' 'f16 1536 165888' 'bf16 4096 167936')
  for sh in "${C[@]}"; do set -- $sh
    ./step11 --plan --dtype $1 --rows $2 --cols $3 | grep -m1 -A2 -E "^ *$2 +$3 "
  done > $R/plans.txt 2>&1; cat $R/plans.txt
  printf '%s\n' "${C[@]}" | PROBE_UNTIL=585 group confirm 1 ./step11 ./step08 ./step10 > $R/confirm.txt 2>&1
  cat $R/confirm.txt ;;
bf16)
  LIMIT=250 test_gpu 08
  wait; cat $R/variant.txt; echo "variant built at ${SECONDS}s"
  printf '%s\n' 'bf16 16384 172032' 'f16 16384 172032' 'bf16 2048 167936' 'bf16 2048 163840' \
    'f16 2048 163840' 'bf16 2048 131072' 'bf16 2048 32768' 'bf16 4096 151936' |
    PROBE_UNTIL=310 group bf16 1 ./step08 build/v_oldconv/step08 > $R/bf16.txt 2>&1
  cat $R/bf16.txt
  LIMIT=395 test_gpu 10 ;;
next)
  LIMIT=250 test_gpu 10
  LIMIT=360 test_gpu 09
  LIMIT=430 test_gpu 12
  wait; cat $R/variant.txt; echo "variant built at ${SECONDS}s"
  printf '%s\n' 'bf16 2048 16384' 'bf16 2048 1024' 'bf16 2048 4096' 'bf16 2048 32768' 'bf16 2048 65536' \
    'bf16 2048 131072' 'bf16 2048 262144' 'bf16 8 8388608' 'bf16 64 1048576' 'bf16 1 33554432' |
    PROBE_UNTIL=585 group next 2 ./step11 build/v_oldconv2/step11 > $R/next.txt 2>&1
  cat $R/next.txt ;;
esac
