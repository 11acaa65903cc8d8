#!/usr/bin/env bash
# Device runs of the sixty-second session (2026-11-29), on an H200:
#   OUT=... bash results/h200/session62.run.sh first   stages 03, 08, 11 and build/test_gpu: test-gpu
#     on stage 08 (the warp_rows case at 8449 rows, 1b5f064, not run before), explore/session62/
#     rule3.sh (stage 03 against 08 where rule 3 gives 03 and 08 runs warp_rows or a deep team),
#     test-gpu on stage 11
#   OUT=... bash results/h200/session62.run.sh sweep   stage 11's plans and its three sweeps, then
#     bench/peers.py's "small" sweep (all 48 shapes; rows of 256 on warp_rows since 93dd222)
# GPU-agnostic: it runs unchanged on an H100.
part=${1:-first}
PROBES=results/h200/explore/session62
. "$(dirname "$0")/session_lib.sh"  # mk, test_gpu, sweeps, peers_small; the call's files under ./$part/
mk step03 step08 step11 lib $([ $part = first ] && echo build/test_gpu) ||
  { echo "the build failed"; tail -n 5 $R/build-here.txt; exit 1; }
echo "built $commit at ${SECONDS}s"
case $part in
first)
  LIMIT=280 test_gpu 08
  PROBE_UNTIL=$((SECONDS + 75)) timeout 95 bash $PROBES/rule3.sh > $R/rule3.txt 2>&1
  echo "rule3 exit $? at ${SECONDS}s"; cat $R/rule3.txt
  LIMIT=585 test_gpu 11 ;;
sweep)
  sweeps
  peers_small 590 ;;
esac
