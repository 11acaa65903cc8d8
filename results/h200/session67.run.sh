#!/usr/bin/env bash
# Device runs of the sixty-seventh session (2026-11-30), on an H200, in the order they ran:
#   OUT=... bash results/h200/session67.run.sh first   make test-gpu on stage 11 at the session's
#     start (not run in full since the paired CTAs), then the sixty-sixth session's prepared
#     `paired2`: the paired CTAs where the plan does not take them yet, in one call with the
#     dispatcher: many rows of 256 KB (stage 08's wide block now) and of 352-384 KB (2 wide CTAs
#     now, 3 paired), ./step11 against stage 10 forced persistent and paired, three rounds, each
#     its own process
#   OUT=... bash results/h200/session67.run.sh adopt3   3 paired CTAs for rows of 337-384 KB in
#     every dtype, as adopted: test-gpu on stage 10 and stage 11's case of many long rows, then
#     ./step11 against STEP10_PAIRED=off ./step11 on rows of 344-384 KB at 1536-4096 rows
#     (adopt3.shapes), and where the plan might take them next: 528-1536 rows of 256 KB (stage
#     08's wide block now), ./step11 against stage 10 forced persistent on 2 paired CTAs
#     (rows256m.shapes), two rounds each, each its own process
#   OUT=... bash results/h200/session67.run.sh align   adopt3 found the paired CTAs ahead where
#     each CTA's part starts on a 128-byte line (rows of 360 and 384 KB) and behind on 3 of 4
#     shapes where it does not (344 and 352 KB). The paired parts in whole lines (as built) against
#     parts in whole packs (explore/session67/byvec.patch, the plan before) and against
#     STEP10_PAIRED=off, ./step11 each, two rounds, each its own process (align.shapes)
#   OUT=... bash results/h200/session67.run.sh final   the paired CTAs as adopted (parts in whole
#     lines, more than 7/8 full: rows of 337-384 KB on 3, halves' 449-512 KB on 4): every stage,
#     the library and build/test_gpu; test-gpu on stage 10 and stage 11's case of many long rows,
#     bench/peers.py's default sweeps (m2048, batch, vector; no sweep shape has rows the change
#     moves, so stage 11's own sweeps were not rerun), then ./step11 against STEP10_PAIRED=off on
#     two of align's shapes, one round, as time allows
#   OUT=... bash results/h200/session67.run.sh sanitize   (run as a command on the warm machine
#     after `final`; here as it ran) compute-sanitizer's four tools on the paired CTAs with parts in
#     whole lines, forced: 3 of them (fp32, fp16, the last part shorter) and 4 (bf16)
#   OUT=... bash results/h200/session67.run.sh edges   (likewise; a first try sourced group.sh
#     without probe.sh and timed nothing) the adopted rule (d51bde6) at the edges of its 7/8
#     bound, ./step11 against STEP10_PAIRED=off ./step11, two rounds
#   OUT=... bash results/h200/session67.run.sh rows256m2   (likewise) rows of 192-256 KB at 528-1056
#     rows, ./step11 against stage 10 forced persistent on 2 paired CTAs, one round
#   OUT=... bash results/h200/session67.run.sh rows256   halves' rows of 224-256 KB on 2 paired CTAs,
#     persistent, as adopted (stage 10's plan from 528 rows; the H200's amendment of rule 35 at
#     1024-1536 rows): stage 10's and stage 11's GPU case of many long rows (the new 600 x 122888
#     among them), then ./step11 against ./step08 and STEP10_PAIRED=off ./step11, one round, as
#     the device time left allows (rows256c.shapes)
#   OUT=... bash results/h200/session67.run.sh next   PREPARED, NOT RUN (no device time left): the
#     GPU tests of stages 10 and 11 in full at the session's last code (25e6cce: the two-streams
#     case now runs stage 10's halves 1100 x 131072 on paired CTAs), then stage 11's plans and
#     sweeps, then where the paired CTAs might pay next: rows of 160-208 KB at 528-1024 rows (one
#     wide CTA a row or stage 08 now), ./step11 against stage 10 forced persistent on 2 paired CTAs,
#     two rounds (below224.shapes)
# The single GPU test cases go through session_lib.sh's test_case, written after the calls; the
# commands are the ones that ran.
part=${1:-first}
. "$(dirname "$0")/session_lib.sh"  # mk, test_gpu, test_case, peers_*; the call's files under ./$part/
. results/h100/explore/probe.sh; . results/h200/explore/session55/group.sh  # one, sanitize; group
case $part in
first) mk step10 step11 build/test_gpu ;;
adopt3) mk step10 step11 build/test_gpu ;;
align) PROBES=results/h200/explore/session67; variant_with byvec step11 & p=$!
  mk step11 && wait $p && [ -x build/v_byvec/step11 ] ;;
final) mk all lib build/test_gpu ;;
rows256) mk step08 step10 step11 build/test_gpu ;;
sanitize|edges|rows256m2) mk step10 step11 ;;
next) mk step10 step11 build/test_gpu ;;
esac || { echo "the build failed"; tail -n 5 $R/build-here.txt; exit 1; }
echo "built $commit at ${SECONDS}s"
case $part in
first)
  LIMIT=300 test_gpu 11
  PROBE_UNTIL=580 group paired2 3 ./step11 "STEP10_FORM=wide STEP10_PERSISTENT=on STEP10_PAIRED=on ./step10" \
    < results/h200/explore/session66/paired2.shapes > $R/paired2.txt 2>&1
  cat $R/paired2.txt ;;
adopt3)
  LIMIT=340 test_gpu 10
  test_case 11 paired3 80 "every stage on many long rows: persistent*"
  PROBE_UNTIL=480 group adopt3 2 ./step11 "STEP10_PAIRED=off ./step11" \
    < results/h200/explore/session67/adopt3.shapes > $R/adopt3.txt 2>&1
  PROBE_UNTIL=570 group rows256m 2 ./step11 "STEP10_FORM=wide STEP10_PERSISTENT=on STEP10_PAIRED=on ./step10" \
    < results/h200/explore/session67/rows256m.shapes > $R/rows256m.txt 2>&1
  cat $R/adopt3.txt $R/rows256m.txt ;;
align)
  PROBE_UNTIL=330 group align 2 ./step11 build/v_byvec/step11 "STEP10_PAIRED=off ./step11" \
    < results/h200/explore/session67/align.shapes > $R/align.txt 2>&1
  cat $R/align.txt ;;
final)
  LIMIT=350 test_gpu 10
  test_case 11 paired 60 "every stage on many long rows: persistent*"
  GIT_DIR=/nonexistent timeout $((585 - SECONDS)) python3 bench/peers.py --lib build/libsoftmax.so \
    --dtypes f32,f16,bf16 --sweeps m2048,batch,vector --out $R/peers-$commit.json > $R/peers-$commit.txt 2>&1
  echo "peers exit $? at ${SECONDS}s"; tail -n 12 $R/peers-$commit.txt
  printf 'f16 2048 221192\nf16 2048 176128\n' | PROBE_UNTIL=590 group confirm 1 ./step11 "STEP10_PAIRED=off ./step11" \
    > $R/confirm.txt 2>&1
  cat $R/confirm.txt ;;
sanitize)
  STEP10_FORM=wide STEP10_PERSISTENT=on STEP10_PAIRED=on timeout 230 bash -c '. results/h100/explore/probe.sh; sanitize ./step10' \
    > $R/sanitize-step10-paired3.txt 2>&1 <<'S'
f32 90 90004 3 paired CTAs, parts in lines, the last shorter
f16 90 180008 3 paired CTAs in halves, the last part shorter
bf16 67 229384 4 paired CTAs, the last part shorter
S
  tail -n 13 $R/sanitize-step10-paired3.txt ;;
edges)
  printf 'f16 2048 230400\nbf16 2048 245760\nf32 2048 86272\nf16 2048 172544\n' |
    PROBE_UNTIL=120 group edges 2 ./step11 "STEP10_PAIRED=off ./step11" > $R/edges.txt 2>&1
  cat $R/edges.txt ;;
rows256m2)
  printf 'f16 528 122880\nf16 528 114688\nf16 792 131072\nbf16 528 131072\nf32 528 65536\nf16 1056 98304\n' |
    PROBE_UNTIL=150 group rows256m2 1 ./step11 "STEP10_FORM=wide STEP10_PERSISTENT=on STEP10_PAIRED=on ./step10" \
    > $R/rows256m2.txt 2>&1
  cat $R/rows256m2.txt ;;
rows256)
  for st in 10 11; do test_case $st persistent 40 "every stage on many long rows: persistent*"; done
  PROBE_UNTIL=180 group rows256c 1 ./step11 ./step08 "STEP10_PAIRED=off ./step11" \
    < results/h200/explore/session67/rows256c.shapes > $R/rows256c.txt 2>&1
  cat $R/rows256c.txt ;;
next)
  LIMIT=260 test_gpu 10
  LIMIT=420 test_gpu 11
  sweeps
  PROBE_UNTIL=570 group below224 2 ./step11 "STEP10_FORM=wide STEP10_PERSISTENT=on STEP10_PAIRED=on ./step10" \
    < results/h200/explore/session67/below224.shapes > $R/below224.txt 2>&1
  cat $R/below224.txt ;;
esac
