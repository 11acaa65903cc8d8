#!/usr/bin/env bash
# Device runs of the sixty-seventh session (2026-11-30), on an H200, in the order they ran:
#   OUT=... bash results/h200/session67.run.sh first   make test-gpu on stage 11 at the session's
#     start (not run in full since the paired CTAs), then the sixty-sixth session's prepared
#     `paired2`: the paired CTAs where the plan does not take them yet, in one call with the
#     dispatcher: many rows of 256 KB (stage 08's wide block now) and of 352-384 KB (2 wide CTAs
#     now, 3 paired), ./step11 against stage 10 forced persistent and paired, three rounds, each
#     its own process
part=${1:-first}
. "$(dirname "$0")/session_lib.sh"  # mk, test_gpu, sweeps, peers_*; the call's files under ./$part/
. results/h100/explore/probe.sh; . results/h200/explore/session55/group.sh  # one, sanitize; group
case $part in
first) mk step10 step11 build/test_gpu ;;
esac || { echo "the build failed"; tail -n 5 $R/build-here.txt; exit 1; }
echo "built $commit at ${SECONDS}s"
case $part in
first)
  LIMIT=300 test_gpu 11
  PROBE_UNTIL=580 group paired2 3 ./step11 "STEP10_FORM=wide STEP10_PERSISTENT=on STEP10_PAIRED=on ./step10" \
    < results/h200/explore/session66/paired2.shapes > $R/paired2.txt 2>&1
  cat $R/paired2.txt ;;
esac
