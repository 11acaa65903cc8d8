#!/usr/bin/env bash
# Device runs of the forty-fifth session (2026-11-28), on an H200. Each call builds on the device
# first (results/h100/device_build.sh), then:
#   OUT=... bash results/h200/session45.run.sh race   explore/session45/race.sh: stage 12 under
#     racecheck with three variants of its slot orders (which order racecheck misses), and each
#     variant timed against the base
#   OUT=... bash results/h200/session45.run.sh check   every test-gpu case on stages 11 and 12 with the
#     variant `lanes` adopted, then the dispatcher under compute-sanitizer on stage 12's rule shapes
#     (explore/session45/sanitize.sh)
#   OUT=... bash results/h200/session45.run.sh peers   bench/peers.py's four sweeps outside the default
#     run (small, between, unpacked, models; never run on the H200), the dispatcher, stages 03 and
#     08 and every peer, the flush made whole
#   OUT=... bash results/h200/session45.run.sh tune   ./step11 --tune per dtype on today's kernels (the
#     H200's tables were tuned on 32f9d93's), with --plan beside it, as results/h200/h200.run.sh did
#   OUT=... bash results/h200/session45.run.sh table   explore/session45/table.sh: the rules against
#     the new tables where they differ, alternating processes
#   OUT=... bash results/h200/session45.run.sh sanitize   tests/sanitize.sh on stage 12 (make sanitize's
#     script), with the shape it now adds for stage 12 whose blocks refill their ring slots
set -u
part=${1:-race}
PROBES=results/h200/explore/session45
. results/h100/device_build.sh  # the build, nvidia-smi, R, B, ALL, budget, run, sweeps, tests, probe, peers
export DEPS R commit
case $part in
race)
  probe race 590 ;;
check)
  tests 11-12 11,12 280 "*"
  probe sanitize 590 ;;
peers)
  peers small,between,unpacked,models $ALL 590 12 ;;
tune)
  for t in f32 f16 bf16; do
    budget 430 "tune $t" || break
    ./step11 --plan --dtype $t > $R/plan-$t.txt 2>&1
    timeout $((590 - SECONDS)) ./step11 --tune --dtype $t --iters 10 --out $R/dispatch-table-$t.txt \
      > $R/tune-$t.txt 2>&1
    echo "tune $t exit $? at ${SECONDS}s"; tail -n 2 $R/tune-$t.txt
  done ;;
table)
  probe table 400 ;;
sanitize)
  timeout 400 sh tests/sanitize.sh step12 > $R/sanitize-12.txt 2>&1
  echo "sanitize exit $? at ${SECONDS}s"; grep -E "^(ok|FAIL)|sanitize:|Race reported|and (Read|Write)" $R/sanitize-12.txt ;;
esac
