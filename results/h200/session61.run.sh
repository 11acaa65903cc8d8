#!/usr/bin/env bash
# Device runs of the sixty-first session (2026-11-29), on an H200:
#   OUT=... bash results/h200/session61.run.sh first   stage 08 and a library of it alone, and
#     beside them stage 08 and its library with explore/session61/pair.patch (built in /tmp/v_pair
#     from a copy of steps, common, bench and the Makefile): explore/session61/pair.sh (R rows a
#     warp, torch.compile's geometry, against the deep teams), then bench/peers.py on fp32
#     65536 x 512 and 131072 x 256 with torch.compile and stage 08 as it is and under each form
#   OUT=... bash results/h200/session61.run.sh second   the same with explore/session61/pair2.patch
#     (more forms, and a cap on the blocks an SM): explore/session61/pair2.sh, then bench/peers.py
#     as in the first call under 2x1, 2x2 and 4x1
#   OUT=... bash results/h200/session61.run.sh final   stages 03, 08, 11, the library and
#     build/test_gpu with warp_rows in stage 08, and rows256.patch's stage 08 beside them: test-gpu on
#     stage 08, explore/session61/final.sh, bench/peers.py's "small" sweep, test-gpu on stage 11,
#     compute-sanitizer on warp_rows (explore/session61/sanitize.sh)
#   OUT=... bash results/h200/session61.run.sh verify   stages 08 and 11 and build/test_gpu with
#     warp_rows on fp32 rows of 64 packs too: test-gpu on stage 08, explore/session61/verify.sh,
#     test-gpu on stage 11
# GPU-agnostic: it runs unchanged on an H100.
part=${1:-first}
PROBES=results/h200/explore/session61
. "$(dirname "$0")/session_lib.sh"  # mk, test_gpu, peers_small, variant, peers_pair; the call's files under ./$part/
peers_512() {  # peers_512 LIB LABEL [ENV...]: torch.compile and stage 08 on fp32 65536 x 512, 131072 x 256
  local lib=$1 label=$2; shift 2
  peers_pair $lib $label 'f32/M:(65536/N:512|131072/N:256)$' "$@"
}
case $part in
first)
  variant pair & pid=$!
  mk STAGES=08 step08 lib && wait $pid && [ -x build/v_pair/step08 ] ;;
second)
  variant pair2 & pid=$!
  mk STAGES=08 step08 lib && wait $pid && [ -x build/v_pair2/step08 ] ;;
final)
  variant rows256 & pid=$!
  mk step03 step08 step11 lib build/test_gpu && wait $pid && [ -x build/v_rows256/step08 ] ;;
verify) mk step08 step11 build/test_gpu ;;
esac || { echo "the build failed"; tail -n 5 $R/build-*.txt; exit 1; }
echo "built $commit at ${SECONDS}s"
case $part in
first)
  PROBE_UNTIL=470 timeout 490 bash $PROBES/pair.sh > $R/pair.txt 2>&1
  echo "pair exit $? at ${SECONDS}s"; cat $R/pair.txt
  peers_512 build/libsoftmax.so head
  for form in 2x1 2x4; do peers_512 build/v_pair/libsoftmax.so $form STEP08_WROWS=$form; done ;;
second)
  PROBE_UNTIL=420 timeout 440 bash $PROBES/pair2.sh > $R/pair2.txt 2>&1
  echo "pair2 exit $? at ${SECONDS}s"; grep -c . $R/pair2.txt; grep -E "^check|time" $R/pair2.txt | cut -c1-150
  peers_512 build/libsoftmax.so head
  for form in 2x1 2x2 4x1; do peers_512 build/v_pair2/libsoftmax.so $form STEP08_WROWS=$form; done ;;
final)
  LIMIT=290 test_gpu 08
  PROBE_UNTIL=75 timeout 90 bash $PROBES/final.sh > $R/final.txt 2>&1
  echo "final exit $? at ${SECONDS}s"; grep -c . $R/final.txt; grep time $R/final.txt
  peers_small $((SECONDS + 110))
  LIMIT=560 test_gpu 11
  timeout $((590 - SECONDS)) bash $PROBES/sanitize.sh > $R/sanitize.txt 2>&1
  echo "sanitize exit $? at ${SECONDS}s"; tail -n 1 $R/sanitize.txt ;;
verify)
  LIMIT=250 test_gpu 08
  PROBE_UNTIL=30 timeout 40 bash $PROBES/verify.sh > $R/verify.txt 2>&1
  echo "verify exit $? at ${SECONDS}s"; cat $R/verify.txt
  LIMIT=420 test_gpu 11 ;;
esac
