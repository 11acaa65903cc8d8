#!/usr/bin/env bash
# Device runs of the fifty-third session (2026-11-29), on an H200:
#   OUT=... bash results/h200/session53.run.sh long   stage 09 built with explore/session53/hint.patch
#     (kept as step09_hint), then as committed, and stage 12; explore/session53/long.sh (rows longer
#     than the grid holds under three plans and two L2 hints), then explore/session53/pipes.sh
#     (halves in rows of 1-2 MB on one and two pipelines, and stage 12)
#   OUT=... bash results/h200/session53.run.sh cap   stages 09 and 12; explore/session53/cap.sh (two
#     pipelines' chunks capped at the whole grid's, against the plan of before, one pipeline and
#     12), then explore/session53/long2.sh (rows longer than the grid holds at 6-16 rows)
#   OUT=... bash results/h200/session53.run.sh cap2   stages 09 and 12; explore/session53/cap2.sh
#     (two pipelines' chunks also at most 16 packs a thread, on matrices the first cap leaves alone)
#   OUT=... bash results/h200/session53.run.sh final   stage 11 and build/test_gpu: stage 11's plans
#     and its three sweeps, then test-gpu on stages 09 and 11
#   OUT=... bash results/h200/session53.run.sh edges   stages 09 and 12; explore/session53/edges.sh
#     (09 against 12 on rule 14's and 28's shapes of 80-224 MB not yet run with the caps)
#   OUT=... bash results/h200/session53.run.sh test   build/test_gpu, then test-gpu on the stages in
#     $TEST_STAGES (09 unless set)
#   OUT=... bash results/h200/session53.run.sh sweep   stage 11: its plans and its three sweeps
# GPU-agnostic: it runs unchanged on an H100.
part=${1:-long}
PROBES=results/h200/explore/session53
. "$(dirname "$0")/session_lib.sh"  # mk, test_gpu, sweeps; the call's files under ./$part/
case $part in
long) git apply $PROBES/hint.patch && mk step09 && cp step09 step09_hint && git apply -R $PROBES/hint.patch &&
  mk step09 step12 ;;
cap | cap2 | edges) mk step09 step12 ;;
test) mk build/test_gpu ;;
sweep) mk step11 ;;
final) mk step11 build/test_gpu ;;
esac || { echo "the build failed"; tail -n 5 $R/build-here.txt; exit 1; }
echo "built $commit at ${SECONDS}s"
case $part in
long)
  # (PROBE_UNTIL counts from the probe's own start: a new bash's SECONDS starts at 0)
  PROBE_UNTIL=300 timeout 360 bash $PROBES/long.sh > $R/long.txt 2>&1
  echo "long exit $? at ${SECONDS}s"; cat $R/long.txt
  PROBE_UNTIL=$((560 - SECONDS)) timeout $((585 - SECONDS)) bash $PROBES/pipes.sh > $R/pipes.txt 2>&1
  echo "pipes exit $? at ${SECONDS}s"; cat $R/pipes.txt ;;
cap)
  PROBE_UNTIL=200 timeout 240 bash $PROBES/cap.sh > $R/cap.txt 2>&1
  echo "cap exit $? at ${SECONDS}s"; cat $R/cap.txt
  PROBE_UNTIL=$((540 - SECONDS)) timeout $((575 - SECONDS)) bash $PROBES/long2.sh > $R/long2.txt 2>&1
  echo "long2 exit $? at ${SECONDS}s"; cat $R/long2.txt ;;
cap2)
  PROBE_UNTIL=200 timeout 240 bash $PROBES/cap2.sh > $R/cap2.txt 2>&1
  echo "cap2 exit $? at ${SECONDS}s"; cat $R/cap2.txt ;;
edges)
  PROBE_UNTIL=120 timeout 150 bash $PROBES/edges.sh > $R/edges.txt 2>&1
  echo "edges exit $? at ${SECONDS}s"; cat $R/edges.txt ;;
test)
  for st in ${TEST_STAGES:-09}; do test_gpu $st; done ;;
sweep | final)
  sweeps
  if [ $part = final ]; then test_gpu 09; test_gpu 11; fi ;;
esac
