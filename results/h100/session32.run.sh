#!/usr/bin/env bash
# Device runs of the thirty-second session (2026-11-27). The call builds on the device first
# (device_build.sh: Google Benchmark and doctest carried in .deps, the commit in .commit), then:
#   OUT=... bash results/h100/session32.run.sh tests   stage 12 (steps/12_ring.cu, the ring probe
#     of the thirty-first session made a stage): --explain, --check in three dtypes (a failure or a
#     hang, 60 s each, ends the call there), test-gpu on stage 12, then on stage 11 (whose rules
#     now send 64-256 MB matrices of 16-128 rows to stage 12) in what time is left
#   OUT=... bash results/h100/session32.run.sh rules   explore/session32/rules.sh: stage 12 against
#     the stages the rules chose before, inside and just outside its rules; halves in packs at
#     256-1024 rows (rule 28)
#   OUT=... bash results/h100/session32.run.sh sweep   explore/session32/edges.sh (stage 12 against
#     09 past the edges of its first rules), then stage 12's sweep in three dtypes
#     (results/h100/step12*.json) and stage 11's plans
#   OUT=... bash results/h100/session32.run.sh many   explore/session32/many.sh: stage 12 on halves at
#     256-1024 rows, and stage 11 with the rules after edges.txt on shapes they moved
#   OUT=... bash results/h100/session32.run.sh sanitize   tests/sanitize.sh on stage 12 (its ring
#     kernel on 5 x 1000, its plain kernel on the rows not in packs), then memcheck, synccheck and
#     racecheck on 40 x 65536 (rows over 8 blocks, more tiles than blocks: the ring wraps)
#   OUT=... bash results/h100/session32.run.sh barriers   (not run) applies
#     explore/session32/12_ring_mbarriers.patch (the poller's and compute warps' flags as mbarriers,
#     which racecheck follows) to steps/12_ring.cu on the device, then racecheck and memcheck on
#     5 x 1000 and 40 x 65536, --check in three dtypes, stage 12 beside 09 on four shapes (barriers.sh)
set -u
part=${1:-tests}
[ $part = barriers ] && { git apply results/h100/explore/session32/12_ring_mbarriers.patch || exit 1; }
. results/h100/device_build.sh  # the build, R, B, budget, run, sweeps, tests
nvidia-smi > $R/nvidia-smi.txt 2>&1
if [ $part = rules ]; then
  PROBE_UNTIL=$((570 - SECONDS)) timeout $((580 - SECONDS)) bash results/h100/explore/session32/rules.sh > $R/rules.txt 2>&1
  echo "rules exit $? at ${SECONDS}s"; cat $R/rules.txt
  exit 0
fi
if [ $part = barriers ]; then
  for shape in "5 1000" "40 65536"; do
    set -- $shape
    for tool in racecheck memcheck; do
      timeout 40 compute-sanitizer --tool $tool --error-exitcode 99 ./step12 --check --rows $1 --cols $2 > $R/$tool-$1x$2.txt 2>&1
      echo "$tool $1 x $2 exit $? at ${SECONDS}s"; grep -E "SUMMARY" $R/$tool-$1x$2.txt
    done
  done
  for t in f32 f16 bf16; do timeout 40 ./step12 --check --dtype $t; echo "check $t exit $? at ${SECONDS}s"; done > $R/check12.txt 2>&1
  grep exit $R/check12.txt
  PROBE_UNTIL=$((250 - SECONDS)) timeout $((260 - SECONDS)) bash results/h100/explore/session32/barriers.sh > $R/barriers.txt 2>&1
  echo "barriers exit $? at ${SECONDS}s"; cat $R/barriers.txt
  exit 0
fi
if [ $part = sanitize ]; then
  timeout 120 sh tests/sanitize.sh step12 > $R/sanitize-step12.txt 2>&1; echo "sanitize exit $? at ${SECONDS}s"
  for tool in memcheck synccheck racecheck; do
    [ $SECONDS -lt 230 ] || break
    timeout 60 compute-sanitizer --tool $tool --error-exitcode 99 ./step12 --check --rows 40 --cols 65536 > $R/$tool-40x65536.txt 2>&1
    echo "$tool exit $? at ${SECONDS}s"; grep -E "SUMMARY" $R/$tool-40x65536.txt
  done
  tail -n 3 $R/sanitize-step12.txt
  exit 0
fi
if [ $part = many ]; then
  PROBE_UNTIL=$((330 - SECONDS)) timeout $((340 - SECONDS)) bash results/h100/explore/session32/many.sh > $R/many.txt 2>&1
  echo "many exit $? at ${SECONDS}s"; cat $R/many.txt
  for t in f32 f16 bf16; do ./step11 --plan --dtype $t >> $R/step11_plan.txt 2>&1; done
  exit 0
fi
if [ $part = sweep ]; then
  PROBE_UNTIL=190 timeout 200 bash results/h100/explore/session32/edges.sh > $R/edges.txt 2>&1
  echo "edges exit $? at ${SECONDS}s"; cat $R/edges.txt
  sweeps step12
  for t in f32 f16 bf16; do ./step11 --plan --dtype $t >> $R/step11_plan.txt 2>&1; done
  grep -h "^|" $R/step12*.txt | head -n 100
  exit 0
fi
./step12 --explain > $R/step12.explain.txt 2>&1
for t in f32 f16 bf16; do
  timeout 60 ./step12 --check --dtype $t; echo "check $t exit $? at ${SECONDS}s"
done > $R/check12.txt 2>&1
tail -n 12 $R/check12.txt
grep -q "exit [^0]" $R/check12.txt && { echo "a check failed or hung: no test-gpu"; exit 1; }
tests 12 12 $((330 - SECONDS)) "*"
tests 11 11 $((585 - SECONDS)) "*"
