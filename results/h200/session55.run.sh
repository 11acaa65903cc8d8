#!/usr/bin/env bash
# Device runs of the fifty-fifth session (2026-11-29), on an H200:
#   OUT=... bash results/h200/session55.run.sh models   stages 08, 10, 11 and 12;
#     explore/session55/models.sh (the "models" sweep's shapes under 95% of the copy, each under
#     the forms that might take it faster)
#   OUT=... bash results/h200/session55.run.sh slices   stages 08, 10, 11 and build/test_gpu: test-gpu
#     on stage 10, then explore/session55/slices.sh (stage 10's plan without 3 wider CTAs, against
#     it; clusters of 3 against 4; the dispatcher on rule 33's amendment)
# GPU-agnostic: it runs unchanged on an H100.
part=${1:-models}
PROBES=results/h200/explore/session55
. "$(dirname "$0")/session_lib.sh"  # mk, test_gpu, sweeps; the call's files under ./$part/
case $part in
models) mk step08 step10 step11 step12 ;;
slices) mk step08 step10 step11 build/test_gpu ;;
esac || { echo "the build failed"; tail -n 5 $R/build-here.txt; exit 1; }
echo "built $commit at ${SECONDS}s"
case $part in
models)
  PROBE_UNTIL=$((530 - SECONDS)) timeout $((585 - SECONDS)) bash $PROBES/models.sh > $R/models.txt 2>&1
  echo "models exit $? at ${SECONDS}s"; cat $R/models.txt ;;
slices)
  LIMIT=300 test_gpu 10
  PROBE_UNTIL=$((530 - SECONDS)) timeout $((585 - SECONDS)) bash $PROBES/slices.sh > $R/slices.txt 2>&1
  echo "slices exit $? at ${SECONDS}s"; cat $R/slices.txt ;;
esac
