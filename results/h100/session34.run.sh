#!/usr/bin/env bash
# Device runs of the thirty-fourth session (2026-11-27). Each call builds on the device first
# (device_build.sh: Google Benchmark and doctest carried in .deps, the commit in .commit), then:
#   OUT=... bash results/h100/session34.run.sh gpu   test-gpu at 959c88a, the first GPU run of the
#     host-side checks on threads (common/host_parallel.h, common/check_rows.h): stage 12, stage 11,
#     then every other stage in what time is left; each part's wall time in its summary
#   OUT=... bash results/h100/session34.run.sh next   session33's prepared part: the wall time of one
#     stage-12 process on fp16 640 x 2^21 and 384 x 2^22, then rule 25 at 641-1024 rows
#     (results/h100/explore/session33/next.sh)
#   OUT=... bash results/h100/session34.run.sh loads   stage 08 with three other kinds of 16-byte load
#     (plain, L1::no_allocate, nc + L1::no_allocate) against its LDG.E.128.CONSTANT, alternating
#     processes on eight shapes (results/h100/explore/session34/loads.sh)
#   OUT=... bash results/h100/session34.run.sh mid   the rules' choice and every stage timed
#     (./step11 --tune) on 8-48 rows of matrices under 64 MB (results/h100/explore/session34/mid.sh)
#   OUT=... bash results/h100/session34.run.sh mid2   the crossover between 32 and 48 MB, and 12 / 09 /
#     11 in their own processes on six of those shapes (results/h100/explore/session34/mid2.sh)
#   OUT=... bash results/h100/session34.run.sh rules   with stage 12's floors lowered to 40 MB (fp32)
#     and 48 MB (halves): the rules' choice at the edges, stages 11 / 12 / 09 / 10 on shapes not
#     measured before (results/h100/explore/session34/rules.sh), then test-gpu on stage 11
#   OUT=... bash results/h100/session34.run.sh rules2   stages 12, 10 and 09 on fp32 rows of
#     512 KB-1 MB at 64-128 rows (results/h100/explore/session34/rules2.sh)
#   OUT=... bash results/h100/session34.run.sh rules3   stages 10, 09 and 12 at 129-255 rows of 2^17
#     fp32 and at 128 rows just off it (results/h100/explore/session34/rules3.sh)
#   OUT=... bash results/h100/session34.run.sh final   the final rules: the choice at their edges,
#     stages 11 / 10 / 12 on fp32 128 x 2^17, test-gpu on stage 11
#   OUT=... bash results/h100/session34.run.sh later   (prepared, not run) the shapes the session's
#     rules left unmeasured (results/h100/explore/session34/later.sh), then the dispatcher's sweeps
#   OUT=... bash results/h100/session34.run.sh peers   (prepared, not run) every stage and peer in one
#     process at the final rules
# Ran on one H100: gpu, next and loads at 959c88a, mid at b08cacc, mid2 at 4231de3, rules at
# d0a770a, rules2 at 45a4577, rules3 at 5250ed9, final at 82523c1 (each build.txt under results/h100/explore/
# session34/PART/ shows it as SOFTMAX_COMMIT; next reused gpu's build on the same machine).
set -u
part=${1:-gpu}
. results/h100/device_build.sh  # the build, R, B, budget, run, sweeps, tests
nvidia-smi > $R/nvidia-smi.txt 2>&1
echo "host threads: $(nproc)"
case $part in
gpu)
  tests 12 12 200 "*"
  tests 11 11 $((400 - SECONDS)) "*"
  tests rest 01,02,03,04,05,06,07,07b,08,09,10 $((585 - SECONDS)) "*" ;;
next)
  PROBE_UNTIL=$((560 - SECONDS)) timeout $((570 - SECONDS)) bash results/h100/explore/session33/next.sh > $R/next.txt 2>&1
  echo "next exit $? at ${SECONDS}s"; cat $R/next.txt ;;
loads)
  PROBE_UNTIL=$((560 - SECONDS)) timeout $((570 - SECONDS)) bash results/h100/explore/session34/loads.sh > $R/loads.txt 2>&1
  echo "loads exit $? at ${SECONDS}s"; cat $R/loads.txt ;;
mid)
  MID_UNTIL=$((520 - SECONDS)) timeout $((580 - SECONDS)) bash results/h100/explore/session34/mid.sh > $R/mid.txt 2>&1
  echo "mid exit $? at ${SECONDS}s"; cat $R/mid.txt ;;
mid2)
  MID_UNTIL=$((330 - SECONDS)) PROBE_UNTIL=$((540 - SECONDS)) timeout $((580 - SECONDS)) bash results/h100/explore/session34/mid2.sh > $R/mid2.txt 2>&1
  echo "mid2 exit $? at ${SECONDS}s"; cat $R/mid2.txt ;;
rules)
  PROBE_UNTIL=$((400 - SECONDS)) timeout $((420 - SECONDS)) bash results/h100/explore/session34/rules.sh > $R/rules.txt 2>&1
  echo "rules exit $? at ${SECONDS}s"; cat $R/rules.txt
  tests 11 11 $((585 - SECONDS)) "*" ;;
rules2)
  PROBE_UNTIL=$((250 - SECONDS)) timeout $((260 - SECONDS)) bash results/h100/explore/session34/rules2.sh > $R/rules2.txt 2>&1
  echo "rules2 exit $? at ${SECONDS}s"; cat $R/rules2.txt ;;
rules3)
  PROBE_UNTIL=$((250 - SECONDS)) timeout $((260 - SECONDS)) bash results/h100/explore/session34/rules3.sh > $R/rules3.txt 2>&1
  echo "rules3 exit $? at ${SECONDS}s"; cat $R/rules3.txt ;;
final)
  for shape in "f32 128 131072" "f32 113 131072" "f32 112 131072" "f32 8 1310720" "f32 8 1572864" "f32 10 1048576"; do
    set -- $shape
    ./step11 --plan --dtype $1 --rows $2 --cols $3 2>&1 | grep -E "^ +$2 +$3 " | cut -c1-60
  done > $R/plan.txt; cat $R/plan.txt
  PROBE_TIMEOUT=40 bash -c '. results/h100/explore/probe.sh; stage_rows "step11 step10 step12" <<< "f32 128 131072"' > $R/rows.txt 2>&1; cat $R/rows.txt
  tests 11 11 $((200 - SECONDS)) "*" ;;
later)
  PROBE_UNTIL=$((300 - SECONDS)) timeout $((310 - SECONDS)) bash results/h100/explore/session34/later.sh > $R/later.txt 2>&1
  echo "later exit $? at ${SECONDS}s"; cat $R/later.txt
  sweeps step11 ;;
peers)
  GIT_DIR=/nonexistent timeout $((590 - SECONDS)) python3 bench/peers.py --lib build/libsoftmax.so --dtypes f32,f16,bf16 \
    --out $R/peers-$commit.json > $R/peers-$commit.txt 2>&1; echo "peers exit $? at ${SECONDS}s"; tail -n 12 $R/peers-$commit.txt ;;
esac
