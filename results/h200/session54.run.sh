#!/usr/bin/env bash
# Device runs of the fifty-fourth session (2026-11-29), on an H200:
#   OUT=... bash results/h200/session54.run.sh probe   stages 09 and 12; explore/session54/rounds.sh
#     (two-round matrices on two pipelines), then explore/session54/wide.sh (rows of 22-44 MB on
#     two pipelines of a row a round)
#   OUT=... bash results/h200/session54.run.sh probe2   stages 09 and 12; explore/session54/rounds2.sh
#     (the plan from two rounds against three and 12; the 16-pack bound alone; 80-92 MB against 12)
#   OUT=... bash results/h200/session54.run.sh probe3   stage 09; explore/session54/rounds3.sh (the
#     half grid's rows a round by cost, against the default and the 16-pack bound alone)
#   OUT=... bash results/h200/session54.run.sh final   stages 09, 11, 12 and build/test_gpu: test-gpu
#     on the stages in $TEST_STAGES (09 unless set), stage 11's plans and its three sweeps, then
#     explore/session54/rounds4.sh (09 against 12 at 64-96 MB)
#   OUT=... bash results/h200/session54.run.sh plans   stage 11 and build/test_gpu: stage 11's plans,
#     then test-gpu on $TEST_STAGES (11 12 unless set)
#   OUT=... bash results/h200/session54.run.sh sanitize   stage 09 --check under compute-sanitizer's
#     four tools (probe.sh's sanitize) on two shapes of two whole rounds its two pipelines now take
#   OUT=... bash results/h200/session54.run.sh probe5   stage 09; explore/session54/rounds5.sh (rows
#     a round by cost against the fifty-third session's bounds on ten matrices of 96-300 MB)
#   OUT=... bash results/h200/session54.run.sh test   build/test_gpu, then test-gpu on $TEST_STAGES
#   OUT=... bash results/h200/session54.run.sh sweep   stage 11: its plans and its three sweeps
# GPU-agnostic: it runs unchanged on an H100.
part=${1:-probe}
PROBES=results/h200/explore/session54
. "$(dirname "$0")/session_lib.sh"  # mk, test_gpu, sweeps; the call's files under ./$part/
case $part in
probe | probe2) mk step09 step12 ;;
probe3 | probe5 | sanitize) mk step09 ;;
test) mk build/test_gpu ;;
sweep) mk step11 ;;
plans) mk step11 build/test_gpu ;;
final) mk step09 step11 step12 build/test_gpu ;;
esac || { echo "the build failed"; tail -n 5 $R/build-here.txt; exit 1; }
echo "built $commit at ${SECONDS}s"
case $part in
probe)
  # (PROBE_UNTIL counts from the probe's own start: a new bash's SECONDS starts at 0)
  PROBE_UNTIL=230 timeout 290 bash $PROBES/rounds.sh > $R/rounds.txt 2>&1
  echo "rounds exit $? at ${SECONDS}s"; cat $R/rounds.txt
  PROBE_UNTIL=$((545 - SECONDS)) timeout $((580 - SECONDS)) bash $PROBES/wide.sh > $R/wide.txt 2>&1
  echo "wide exit $? at ${SECONDS}s"; cat $R/wide.txt ;;
probe2)
  PROBE_UNTIL=330 timeout 400 bash $PROBES/rounds2.sh > $R/rounds2.txt 2>&1
  echo "rounds2 exit $? at ${SECONDS}s"; cat $R/rounds2.txt ;;
probe3)
  PROBE_UNTIL=300 timeout 360 bash $PROBES/rounds3.sh > $R/rounds3.txt 2>&1
  echo "rounds3 exit $? at ${SECONDS}s"; cat $R/rounds3.txt ;;
test)
  for st in ${TEST_STAGES:-09}; do test_gpu $st; done ;;
final)
  for st in ${TEST_STAGES:-09}; do LIMIT=300 test_gpu $st; done
  sweeps
  PROBE_UNTIL=$((540 - SECONDS)) timeout $((580 - SECONDS)) bash $PROBES/rounds4.sh > $R/rounds4.txt 2>&1
  echo "rounds4 exit $? at ${SECONDS}s"; cat $R/rounds4.txt ;;
plans)
  for t in f32 f16 bf16; do ./step11 --plan --dtype $t >> $R/step11_plan_$commit.txt 2>&1; done
  for st in ${TEST_STAGES:-11 12}; do test_gpu $st; done ;;
probe5)
  PROBE_UNTIL=200 timeout 260 bash $PROBES/rounds5.sh > $R/rounds5.txt 2>&1
  echo "rounds5 exit $? at ${SECONDS}s"; cat $R/rounds5.txt ;;
sanitize)
  printf '%s\n' "f32 18 1048576 two rounds on two pipelines, 3 rows a round by cost" \
    "f16 9 4194307 two rounds on two pipelines, shifted rows, the last round of 1" |
    timeout $((400 - SECONDS)) bash -c '. results/h100/explore/probe.sh; sanitize ./step09' > $R/sanitize09.txt 2>&1
  echo "sanitize exit $? at ${SECONDS}s"; cat $R/sanitize09.txt ;;
sweep) sweeps ;;
esac
