#!/usr/bin/env bash
# Device runs of the sixty-second session (2026-11-29), on an H200:
#   OUT=... bash results/h200/session62.run.sh first   stages 03, 08, 11 and build/test_gpu: test-gpu
#     on stage 08 (the warp_rows case at 8449 rows, 1b5f064, not run before), explore/session62/
#     rule3.sh (stage 03 against 08 where rule 3 gives 03 and 08 runs warp_rows or a deep team),
#     test-gpu on stage 11
#   OUT=... bash results/h200/session62.run.sh sweep   stage 11's plans and its three sweeps, then
#     bench/peers.py's "small" sweep (all 48 shapes; rows of 256 on warp_rows since 93dd222)
#   OUT=... bash results/h200/session62.run.sh third   stages 03, 08 and 11 with the rule-3 amendment
#     for the H200, and beside them stage 08 and a library of it alone with explore/session62/
#     groups.patch (built in /tmp/v_groups from a copy of steps, common, bench and the Makefile):
#     explore/session62/rule3b.sh, explore/session62/groups.sh, then bench/peers.py on fp32
#     16777216 x 2 and 8388608 x 4 with torch.compile and stage 08 as it is and under the patch's forms
#   OUT=... bash results/h200/session62.run.sh verify   stages 03, 08 and 11 with rule 3's three new
#     amendments for the H200 and build/test_gpu: stage 11's plan on their shapes,
#     explore/session62/verify.sh, test-gpu on stage 11, bench/peers.py's "unpacked" sweep
#   OUT=... bash results/h200/session62.run.sh between   (and `models`) bench/peers.py's "between"
#     sweep (its "models" and "batch" sweeps) with the build of `verify`. (These two ran as
#     one-line commands on the machine `verify` left warm, each the peers call below with its
#     sweeps, its output under ./between/ or ./models/; the script has them as parts since.)
#   OUT=... bash results/h200/session62.run.sh odd   explore/session62/odd.sh on ./step08 built here
#     for sm_90 at the call's commit and carried beside .deps (no build on the device)
# GPU-agnostic: it runs unchanged on an H100.
part=${1:-first}
PROBES=results/h200/explore/session62
. "$(dirname "$0")/session_lib.sh"  # mk, test_gpu, sweeps, peers_*, variant; the call's files under ./$part/
case $part in
odd) ;;  # ./step08 carried, nothing built
first | verify) mk step03 step08 step11 lib build/test_gpu ;;
third) variant groups & pid=$!
  mk step03 step08 step11 lib && wait $pid && [ -x build/v_groups/step08 ] ;;
*) mk step03 step08 step11 lib ;;
esac || { echo "the build failed"; tail -n 5 $R/build-*.txt; exit 1; }
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
third)
  PROBE_UNTIL=150 timeout 170 bash $PROBES/rule3b.sh > $R/rule3b.txt 2>&1
  echo "rule3b exit $? at ${SECONDS}s"; grep -c . $R/rule3b.txt; grep time $R/rule3b.txt
  PROBE_UNTIL=120 timeout 140 bash $PROBES/groups.sh > $R/groups.txt 2>&1
  echo "groups exit $? at ${SECONDS}s"; cat $R/groups.txt
  peers_short build/libsoftmax.so head
  for g in 2 4; do peers_short build/v_groups/libsoftmax.so g$g STEP08_PACK_G=$g; done
  peers_short build/v_groups/libsoftmax.so whole2 STEP08_PACK_WHOLE=1 STEP08_PACK_G=2 ;;
verify)
  for s in "8449 128" "8448 128" "4225 256" "4224 256" "2113 1024" "2112 1024" "4608 512"; do
    set -- $s; ./step11 --plan --rows $1 --cols $2 >> $R/plan.txt 2>&1
  done
  grep -E "^ +[0-9]+ +[0-9]+ " $R/plan.txt | cut -c1-60
  PROBE_UNTIL=40 timeout 55 bash $PROBES/verify.sh > $R/verify.txt 2>&1
  echo "verify exit $? at ${SECONDS}s"; cat $R/verify.txt
  LIMIT=380 test_gpu 11
  peers_sweeps unpacked 585 ;;
odd)
  PROBE_UNTIL=100 timeout 115 bash $PROBES/odd.sh > $R/odd.txt 2>&1
  echo "odd exit $? at ${SECONDS}s"; cat $R/odd.txt ;;
between) peers_sweeps between $((SECONDS + 280)) ;;
models) peers_sweeps models,batch $((SECONDS + 280)) ;;
esac
