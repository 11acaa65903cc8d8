#!/usr/bin/env bash
# Device runs of the seventieth session (2026-11-30), on an H200, in the order they ran:
#   OUT=... bash results/h200/session70.run.sh next   the sixty-ninth session's prepared call
#     (written in session69.run.sh, moved here; its shapes under explore/session69/): stage 11's
#     --plan and stage 10's --explain --rows/--cols notes and the GPU case that reads them (none run before); then
#     ./step11 against stage 10 forced onto 3 paired CTAs on fp32 rows of 272-336 KB and halves
#     rows of 320-335 KB past 2047 rows (next.shapes); then the cliff at exactly 336 KB: stage 08's
#     wider block, stage 10's wider CTAs (STEP10_PAIRED=off) and stage 10 as built (cliff.shapes);
#     two rounds each, each its own process
#   OUT=... bash results/h200/session70.run.sh bounds   stage 10's 3 paired CTAs from the wider CTAs
#     at any number of rows from 2.5 a cluster where the wider CTA needs its 13th slice (halves
#     rows past 320 KB), and in fp32 too (next.txt: 2.7-11.1% less time than 08 at 264-1024 rows):
#     each shape's plan, the GPU case that reads the plans, then stage 08's wider block, stage 10's
#     wider CTAs (STEP10_PAIRED=off) and 10 forced onto 3 paired CTAs at fp32 rows of 272-336 KB
#     (132-4096 rows) and halves rows past 320 KB (1600-8192 rows; bounds.shapes), two rounds,
#     each its own process; then make test-gpu on stage 10
#   OUT=... bash results/h200/session70.run.sh confirm   the amendments as built (rule 5's two for
#     fp32 rows of 256-336 KB, rule 33's for halves rows past 320 KB from 2048 rows): ./step11
#     against ./step08 at seven shapes, one round; past the amendments' rows (fp32 8192 x 86016,
#     fp16 10240 x 165888) stage 10 forced onto 3 paired CTAs against ./step08, two rounds; then
#     make test-gpu on stage 11
#   OUT=... bash results/h200/session70.run.sh final   the amendments to 8192 (fp32) and 10240 rows
#     (halves), as measured in confirm: first, below the paired CTAs' 2.5 rows a cluster, stage 08
#     against stage 10 forced onto 3 paired CTAs at 150-190 rows of 272-336 KB, two rounds (where
#     08 led by 1.0-1.8% at 132 rows and the paired CTAs by 8.5% at fp32 200); then make test-gpu
#     on stages 10 and 11
#   OUT=... bash results/h200/session70.run.sh last   stage 10's paired CTAs from more rows than SMs
#     (low.txt: 10.8-27.6% less time than 08 at 150-190 rows) and the amendments from 133 rows:
#     stage 10's plan case, ./step11 against ./step08 at 140 rows (one round), make test-gpu on
#     stages 10 and 11 (the call's time is what the session has left)
part=${1:-next}
. "$(dirname "$0")/session_lib.sh"  # mk, test_gpu, test_case; the call's files under ./$part/
. results/h100/explore/probe.sh; . results/h200/explore/session55/group.sh  # one, sanitize; group
case $part in
next) mk step08 step10 step11 build/test_gpu ;;
bounds) mk step08 step10 build/test_gpu ;;
confirm) mk step08 step10 step11 build/test_gpu ;;
final) mk step08 step10 step11 build/test_gpu ;;
last) mk step08 step11 build/test_gpu ;;
esac || { echo "the build failed"; tail -n 5 $R/build-here.txt; exit 1; }
echo "built $commit at ${SECONDS}s"
case $part in
next)
  S=results/h200/explore/session69
  for t in f16 bf16; do  # each shape's plan, as stage 11 and stage 10 print it
    ./step11 --plan --dtype $t
    while read -r dt m n; do
      [ $dt = $t ] && ./step10 --explain --dtype $t --rows $m --cols $n | grep -m1 "^$t $m x $n:"
    done < $S/cliff.shapes
  done > $R/plans.txt 2>&1
  test_case 10 plan 30 "stage 10 plans 3 paired CTAs*"  # reads the same notes
  F="STEP10_FORM=wide STEP10_SLICES=8 STEP10_PERSISTENT=on STEP10_PAIRED=on"
  PROBE_UNTIL=400 group next 2 ./step11 "$F ./step10" < $S/next.shapes > $R/next.txt 2>&1
  PROBE_UNTIL=560 group cliff 2 ./step08 "STEP10_PAIRED=off ./step10" ./step10 < $S/cliff.shapes > $R/cliff.txt 2>&1
  cat $R/next.txt $R/cliff.txt ;;
bounds)
  S=results/h200/explore/session70
  while read -r t m n; do ./step10 --explain --dtype $t --rows $m --cols $n | grep -m1 "^$t $m x $n:"; done \
    < $S/bounds.shapes > $R/plans.txt 2>&1
  cat $R/plans.txt
  test_case 10 plan 30 "stage 10 plans 3 paired CTAs*"
  F="STEP10_FORM=wide STEP10_SLICES=8 STEP10_PERSISTENT=on STEP10_PAIRED=on"
  PROBE_UNTIL=450 group bounds 2 ./step08 "STEP10_PAIRED=off ./step10" "$F ./step10" < $S/bounds.shapes > $R/bounds.txt 2>&1
  cat $R/bounds.txt
  LIMIT=590 test_gpu 10 ;;
confirm)
  printf 'f32 200 69632\nf32 1581 81924\nf32 1581 81920\nf32 4096 86016\nbf16 2048 165888\nf16 4096 165888\nbf16 6144 171008\n' |
    PROBE_UNTIL=250 group confirm 1 ./step11 ./step08 > $R/confirm.txt 2>&1
  F="STEP10_FORM=wide STEP10_SLICES=8 STEP10_PERSISTENT=on STEP10_PAIRED=on"
  printf 'f32 8192 86016\nf16 10240 165888\n' | PROBE_UNTIL=330 group past 2 ./step08 "$F ./step10" > $R/past.txt 2>&1
  cat $R/confirm.txt $R/past.txt
  LIMIT=590 test_gpu 11 ;;
final)
  F="STEP10_FORM=wide STEP10_SLICES=8 STEP10_PERSISTENT=on STEP10_PAIRED=on"
  printf 'f32 150 86016\nf32 175 69632\nf16 160 172032\nbf16 190 151936\n' |
    PROBE_UNTIL=150 group low 2 ./step08 "$F ./step10" > $R/low.txt 2>&1
  cat $R/low.txt
  LIMIT=300 test_gpu 10
  LIMIT=590 test_gpu 11 ;;
last)
  test_case 10 plan 20 "stage 10 plans 3 paired CTAs*"
  printf 'f32 140 86016\nf16 140 172032\n' | PROBE_UNTIL=110 group last 1 ./step11 ./step08 > $R/last.txt 2>&1
  cat $R/last.txt
  LIMIT=218 test_gpu 10
  LIMIT=335 test_gpu 11 ;;
esac
