#!/usr/bin/env bash
# Device runs of the sixty-ninth session (2026-11-30), on an H200, in the order they ran:
#   OUT=... bash results/h200/session69.run.sh adoptw   the sixty-eighth's wider.patch as adopted
#     (stage 10's 3 paired CTAs from the wider CTAs' persistent plan, halves rows of 256-336 KB, at
#     6-12 rows a cluster): stage 10's and stage 11's GPU case of many long rows (600 x 139272
#     added), ./step11 at two shapes the rule now takes, one round; then the rule's bounds: below 6
#     rows a cluster (264-520 rows) and past 12 (1100-4096 rows), ./step11 against stage 10 forced
#     onto 3 paired CTAs, two rounds, each its own process; then make test-gpu on stages 10 and 11
#   OUT=... bash results/h200/session69.run.sh bounds   where 3 paired CTAs should stop: stage 10's
#     --explain (the 3-CTA clusters an H200 holds), then ./step11 against stage 10 forced onto 3
#     paired CTAs past 2048 rows, where the dispatcher runs 10's wider CTAs or 08 (upper.shapes),
#     and below 512 rows, where it runs 08's wider block (lower.shapes), two rounds, each its own
#     process; compute-sanitizer's four tools on forced 3 paired CTAs at rows of 256-336 KB
#   OUT=... bash results/h200/session69.run.sh confirm   the bounds as built (stage 10's paired CTAs
#     from 2.5 rows a cluster to 20, any number at rows of 336 KB; rule 33's two new amendments):
#     stage 10's and stage 11's GPU case of many long rows (200 x 151944 added), ./step11 against
#     ./step08 at five shapes, fp16 336 KB rows at 3072 and 4096 among them (unmeasured before),
#     one round; then make test-gpu on stages 10 and 11 (fp16 200 x 151936 ran the parts form,
#     57.2 us: stage 10 did not take the wide form below 512 rows, so never the paired CTAs)
#   OUT=... bash results/h200/session69.run.sh below512   the fix (paired_below_wide): stage 10's and
#     stage 11's GPU cases of many long rows and of rows of 96 KB to 2 MB, ./step11 against
#     ./step08 at five shapes below 512 rows, one round; then make test-gpu on stage 10
#   OUT=... bash results/h200/session69.run.sh final   make test-gpu on stage 11 at the fix
#   next   prepared here, never run under this script (the device time was spent): the seventieth
#     session ran it as `session70.run.sh next`, where its lines now are (shapes still here):
#     ./step11 against stage 10 forced onto 3 paired CTAs on fp32 rows of 272-336 KB (264-2048
#     rows, where stage 08's wider block runs) and halves rows of 320-335 KB past 2047 rows, which
#     the plan leaves on the wider CTAs untimed (next.shapes); then the cliff at exactly 336 KB:
#     stage 08's wider block, stage 10's wider CTAs (STEP10_PAIRED=off) and stage 10 as built at
#     rows of 320-336 KB (cliff.shapes: 163840 halves is 20 packs a thread, 12 slices of 16 KB;
#     from 165888 it is 21, 13 slices, 208 KB, which leaves an SM at most 28 KB of L1, 192 up to
#     60: is the loss at the 13th slice, or at a full row?); two rounds each, each its own process;
#     first stage 11's --plan and stage 10's --explain --rows/--cols notes, and the GPU test case
#     that reads them (none run before)
part=${1:-adoptw}
. "$(dirname "$0")/session_lib.sh"  # mk, test_gpu, test_case, peers_*; the call's files under ./$part/
. results/h100/explore/probe.sh; . results/h200/explore/session55/group.sh  # one, sanitize; group
case $part in
adoptw) mk step10 step11 build/test_gpu ;;
bounds) mk step10 step11 ;;
confirm) mk step08 step10 step11 build/test_gpu ;;
below512) mk step08 step10 step11 build/test_gpu ;;
final) mk step11 build/test_gpu ;;
esac || { echo "the build failed"; tail -n 5 $R/build-here.txt; exit 1; }
echo "built $commit at ${SECONDS}s"
case $part in
adoptw)
  for st in 10 11; do test_case $st persistent 30 "every stage on many long rows: persistent*"; done
  printf 'f16 528 151936\nbf16 1024 172032\n' | PROBE_UNTIL=150 group adoptw 1 ./step11 > $R/adoptw.txt 2>&1
  F="STEP10_FORM=wide STEP10_SLICES=8 STEP10_PERSISTENT=on STEP10_PAIRED=on"
  printf 'bf16 264 172032\nf16 400 151936\nbf16 520 139264\n' |
    PROBE_UNTIL=250 group below6 2 ./step11 "$F ./step10" > $R/below6.txt 2>&1
  printf 'f16 1100 151936\nbf16 1200 172032\nf16 1536 151936\nbf16 2048 172032\nbf16 4096 139264\n' |
    PROBE_UNTIL=330 group past12 2 ./step11 "$F ./step10" > $R/past12.txt 2>&1
  cat $R/adoptw.txt $R/below6.txt $R/past12.txt
  LIMIT=450 test_gpu 10
  LIMIT=585 test_gpu 11 ;;
bounds)
  for t in f16 bf16; do ./step10 --explain --dtype $t > $R/explain-step10-$t.txt 2>&1; done
  grep -h paired $R/explain-step10-*.txt
  S=results/h200/explore/session69
  F="STEP10_FORM=wide STEP10_SLICES=8 STEP10_PERSISTENT=on STEP10_PAIRED=on"
  PROBE_UNTIL=330 group upper 2 ./step11 "$F ./step10" < $S/upper.shapes > $R/upper.txt 2>&1
  PROBE_UNTIL=420 group lower 2 ./step11 "$F ./step10" < $S/lower.shapes > $R/lower.txt 2>&1
  cat $R/upper.txt $R/lower.txt
  env $F timeout 150 bash -c '. results/h100/explore/probe.sh; sanitize ./step10' > $R/sanitize-step10-paired3.txt 2>&1 <<'S'
bf16 100 139272 3 paired CTAs, parts 71% full, the last shorter
f16 90 172040 3 paired CTAs, parts 7/8 full, the last shorter
S
  tail -n 9 $R/sanitize-step10-paired3.txt ;;
confirm)
  for st in 10 11; do test_case $st persistent 40 "every stage on many long rows: persistent*"; done
  printf 'f16 3072 172032\nf16 4096 172032\nf16 200 151936\nbf16 1024 172032\nbf16 3072 172032\n' |
    PROBE_UNTIL=230 group confirm 1 ./step11 ./step08 > $R/confirm.txt 2>&1
  cat $R/confirm.txt
  LIMIT=420 test_gpu 10
  LIMIT=585 test_gpu 11 ;;
below512)
  for st in 10 11; do test_case $st persistent 40 "every stage on many long rows: persistent*"; done
  test_case 11 rows96k 90 "every stage on rows of 96 KB to 2 MB*"
  printf 'f16 200 151936\nbf16 264 139264\nf16 330 172032\nf16 511 172032\nbf16 132 172032\n' |
    PROBE_UNTIL=240 group below512 1 ./step11 ./step08 > $R/below512.txt 2>&1
  cat $R/below512.txt
  LIMIT=440 test_gpu 10 ;;
final) LIMIT=290 test_gpu 11 ;;
esac
