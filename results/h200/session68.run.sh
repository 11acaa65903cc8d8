#!/usr/bin/env bash
# Device runs of the sixty-eighth session (2026-11-30), on an H200, in the order they ran:
#   (first, the sixty-seventh's prepared `OUT=... bash results/h200/session67.run.sh next` at
#   086f587: make test-gpu on stages 10 and 11, stage 11's sweeps, and below224: halves rows of
#   160-208 KB at 528-768 rows took 8.0-11.3% less time on forced paired CTAs)
#   OUT=... bash results/h200/session68.run.sh below   stage 10's paired CTAs from one wide CTA a
#     row for every halves row of 128-256 KB (parts no longer 7/8 full), as built: make test-gpu
#     on stage 10 and stage 11's case of many long rows (600 x 73736 added), then ./step11
#     against STEP10_PAIRED=off ./step11 at 528-1000 rows of 128-208 KB, where the dispatcher
#     runs stage 10 (below.shapes), and ./step11 (stage 08 by rule 35 from 1024 rows) against
#     ./step10 (paired) at 1024-2048 rows (many.shapes), two rounds each, each its own process
#   OUT=... bash results/h200/session68.run.sh edges   where an H200 amendment of rule 35 might send
#     1024 rows and more of 144-224 KB to the paired CTAs (`below` found them 1.2-1.9% ahead of
#     stage 08 at 1024 rows of 160-208 KB, 08 ahead at 1024 x 65600 and from 1536 rows): ./step08
#     against ./step10 at 1024-1280 rows (edges.shapes); stage 10 paired against STEP10_PAIRED=off
#     at 1024-2048 rows (self.shapes), two rounds each, each its own process; then the peers'
#     "small" sweep (not run since fad958b)
#   OUT=... bash results/h200/session68.run.sh confirm   the thirteenth H200 amendment (rule 35's
#     halves rows of 152-224 KB at 1024-1151 rows to stage 10's paired CTAs) as built: stage 11's
#     GPU case of many long rows, ./step11 against ./step08 at five shapes at and past its edges,
#     one round; compute-sanitizer's four tools on forced paired CTAs with parts under 7/8 full
#   OUT=... bash results/h200/session68.run.sh wider   make test-gpu on stage 11 in full at the
#     session's last code; then halves rows of 264-336 KB, which run stage 10's wider CTAs (13
#     slices) on clusters of one, persistent: ./step11 against stage 10 forced onto 8 slices,
#     persistent, on 3 paired CTAs and on 2 wide CTAs, two rounds (wider.shapes)
#   OUT=... bash results/h200/session68.run.sh adoptw   PREPARED, NOT RUN (the device time was
#     spent; a call was refused): with explore/session68/wider.patch applied and committed first
#     (3 paired CTAs from the wider CTAs' plan at 6-12 rows a cluster, and the GPU case 600 x
#     139272), stage 10's and stage 11's GPU case of many long rows, then ./step11 at two of
#     wider's shapes, one round; past 12 rows a cluster (1200-4096 rows), where the plan keeps the
#     wider CTAs, ./step11 against stage 10 forced onto 3 paired CTAs, two rounds
part=${1:-below}
. "$(dirname "$0")/session_lib.sh"  # mk, test_gpu, test_case, peers_*; the call's files under ./$part/
. results/h100/explore/probe.sh; . results/h200/explore/session55/group.sh  # one, sanitize; group
S=results/h200/explore/session68
case $part in
below) mk step08 step10 step11 build/test_gpu ;;
edges) mk all lib build/test_gpu ;;
confirm) mk step08 step10 step11 build/test_gpu ;;
wider) mk step10 step11 build/test_gpu ;;
adoptw) mk step10 step11 build/test_gpu ;;
esac || { echo "the build failed"; tail -n 5 $R/build-here.txt; exit 1; }
echo "built $commit at ${SECONDS}s"
case $part in
below)
  LIMIT=250 test_gpu 10
  test_case 11 persistent 60 "every stage on many long rows: persistent*"
  PROBE_UNTIL=420 group below 2 ./step11 "STEP10_PAIRED=off ./step11" < $S/below.shapes > $R/below.txt 2>&1
  PROBE_UNTIL=570 group many 2 ./step11 ./step10 < $S/many.shapes > $R/many.txt 2>&1
  cat $R/below.txt $R/many.txt ;;
edges)
  PROBE_UNTIL=260 group edges 2 ./step08 ./step10 < $S/edges.shapes > $R/edges.txt 2>&1
  PROBE_UNTIL=300 group self 2 ./step10 "STEP10_PAIRED=off ./step10" < $S/self.shapes > $R/self.txt 2>&1
  cat $R/edges.txt $R/self.txt
  peers_small 585 ;;
confirm)
  test_case 11 persistent 60 "every stage on many long rows: persistent*"
  printf 'f16 1024 81920\nbf16 1100 98304\nf16 1151 106496\nf16 1024 114680\nf16 1152 98304\n' |
    PROBE_UNTIL=200 group confirm 1 ./step11 ./step08 > $R/confirm.txt 2>&1
  cat $R/confirm.txt
  STEP10_FORM=wide STEP10_PERSISTENT=on STEP10_PAIRED=on timeout 200 bash -c '. results/h100/explore/probe.sh; sanitize ./step10' \
    > $R/sanitize-step10-paired2.txt 2>&1 <<'S'
f16 90 73736 2 paired CTAs, parts 9/16 full, the last shorter
bf16 67 65600 2 paired CTAs, parts just past half full
S
  tail -n 9 $R/sanitize-step10-paired2.txt ;;
wider)
  LIMIT=260 test_gpu 11
  F="STEP10_FORM=wide STEP10_SLICES=8 STEP10_PERSISTENT=on"
  PROBE_UNTIL=420 group wider 2 ./step11 "$F STEP10_PAIRED=on ./step10" "$F STEP10_PAIRED=off ./step10" \
    < $S/wider.shapes > $R/wider.txt 2>&1
  cat $R/wider.txt ;;
adoptw)
  for st in 10 11; do test_case $st persistent 30 "every stage on many long rows: persistent*"; done
  printf 'f16 528 151936\nbf16 1024 172032\n' | PROBE_UNTIL=150 group adoptw 1 ./step11 > $R/adoptw.txt 2>&1
  F="STEP10_FORM=wide STEP10_SLICES=8 STEP10_PERSISTENT=on STEP10_PAIRED=on"
  printf 'bf16 1200 172032\nf16 1536 151936\nbf16 2048 172032\nbf16 4096 139264\n' |
    PROBE_UNTIL=400 group past12 2 ./step11 "$F ./step10" > $R/past12.txt 2>&1
  cat $R/adoptw.txt $R/past12.txt ;;
esac
