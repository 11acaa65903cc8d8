#!/usr/bin/env bash
# Device runs of the thirty-fifth session (2026-11-27). Each call builds on the device first
# (device_build.sh: Google Benchmark and doctest carried in .deps, the commit in .commit), then:
#   OUT=... bash results/h100/session35.run.sh later   the thirty-fourth session's prepared part:
#     stages 11 / 10 / 09 / 12 on the shapes its rules left unmeasured
#     (results/h100/explore/session34/later.sh), then the dispatcher's sweeps in three dtypes
#   OUT=... bash results/h100/session35.run.sh cross   every stage on one process per shape around
#     the crossovers later found (results/h100/explore/session35/cross.sh)
#   OUT=... bash results/h100/session35.run.sh edges   with the rules drawn from later and cross: the
#     choice at their edges (./step11 --plan), the stages in their own processes there
#     (results/h100/explore/session35/edges.sh), then test-gpu on stage 11
#   OUT=... bash results/h100/session35.run.sh final   the final rules: the choice at their edges,
#     stage 11 beside the stage it picks on four shapes the new rules moved, test-gpu on stage 11
#   OUT=... bash results/h100/session35.run.sh past   halves rows of 4-8 MB past 1024 rows and fp32
#     rows of 4 MB past 128 rows: stages 11 / 12 / 09 / 08 (results/h100/explore/session35/past.sh)
#   OUT=... bash results/h100/session35.run.sh after   the rules after past: the choice past 1024 rows,
#     stage 11 beside 12 and 09 on two of those shapes, test-gpu on stage 11
#   OUT=... bash results/h100/session35.run.sh edges2   edges the session's rules left unmeasured
#     (results/h100/explore/session35/edges2.sh)
#   OUT=... bash results/h100/session35.run.sh edges3   halves rows of exactly 2 MB past 1024 rows,
#     and 3000 rows of 4 MB (results/h100/explore/session35/edges3.sh)
#   OUT=... bash results/h100/session35.run.sh peers   every stage and peer in one process
#   OUT=... bash results/h100/session35.run.sh gpu   test-gpu of every stage: 12, 11, then the rest
# Ran on one H100: later and peers at 79d1bf3, cross at 4d97c6d, edges at a169fc8, final and gpu
# at e70acf0, past at 24f9ba4, after at 68cad47, edges2 at 39a7918, edges3 at 4b0c8bd (each
# build.txt under results/h100/explore/session35/PART/ shows it as SOFTMAX_COMMIT).
set -u
part=${1:-later}
. results/h100/device_build.sh  # the build, R, B, budget, run, sweeps, tests
nvidia-smi > $R/nvidia-smi.txt 2>&1
echo "host threads: $(nproc)"
case $part in
later)
  PROBE_UNTIL=$((300 - SECONDS)) timeout $((310 - SECONDS)) bash results/h100/explore/session34/later.sh > $R/later.txt 2>&1
  echo "later exit $? at ${SECONDS}s"; cat $R/later.txt
  sweeps step11 ;;
cross)
  MID_UNTIL=$((500 - SECONDS)) timeout $((580 - SECONDS)) bash results/h100/explore/session35/cross.sh > $R/cross.txt 2>&1
  echo "cross exit $? at ${SECONDS}s"; grep -v "^ \+M " $R/cross.txt ;;
edges)
  for shape in "f32 47 131072" "f32 48 131072" "f32 79 131072" "f32 80 131072" "f32 129 196604" "f32 129 196608" \
               "f32 255 262144" "f16 41 524288" "f16 42 524288" "f16 11 2097152"; do
    set -- $shape
    ./step11 --plan --dtype $1 --rows $2 --cols $3 2>&1 | grep -E "^ +$2 +$3 " | cut -c1-60
  done > $R/plan.txt; cat $R/plan.txt
  PROBE_UNTIL=$((330 - SECONDS)) timeout $((340 - SECONDS)) bash results/h100/explore/session35/edges.sh > $R/edges.txt 2>&1
  echo "edges exit $? at ${SECONDS}s"; cat $R/edges.txt
  tests 11 11 $((585 - SECONDS)) "*" ;;
final)
  for shape in "f32 47 131072" "f32 48 131072" "f32 112 131072" "f32 113 131072" "f32 129 180220" "f32 129 180224" \
               "f32 255 262144" "f16 37 524288" "f16 38 524288" "f16 42 524288" "f16 43 524288" "bf16 41 524296" "bf16 42 524296"; do
    set -- $shape
    ./step11 --plan --dtype $1 --rows $2 --cols $3 2>&1 | grep -E "^ +$2 +$3 " | cut -c1-60
  done > $R/plan.txt; cat $R/plan.txt
  PROBE_TIMEOUT=40 bash -c '. results/h100/explore/probe.sh; stage_rows "step11 step10 step09" <<< "f32 64 131072
f32 200 262144
f16 40 524288
f16 44 524288 step11 step12 step09"' > $R/rows.txt 2>&1; cat $R/rows.txt
  tests 11 11 $((300 - SECONDS)) "*" ;;
past)
  for shape in "f16 1025 2097152" "f16 2048 2097152" "bf16 1536 3145728" "f16 1200 4194304" "f32 512 1048576" "f32 2048 1048576"; do
    set -- $shape
    ./step11 --plan --dtype $1 --rows $2 --cols $3 2>&1 | grep -E "^ +$2 +$3 " | cut -c1-60
  done > $R/plan.txt; cat $R/plan.txt
  PROBE_UNTIL=$((560 - SECONDS)) timeout $((570 - SECONDS)) bash results/h100/explore/session35/past.sh > $R/past.txt 2>&1
  echo "past exit $? at ${SECONDS}s"; cat $R/past.txt ;;
after)
  for shape in "f16 1024 2097152" "f16 1025 2097152" "f16 4096 2097152" "f16 4097 2097152" "bf16 2048 4194312" "f16 2048 1048576"; do
    set -- $shape
    ./step11 --plan --dtype $1 --rows $2 --cols $3 2>&1 | grep -E "^ +$2 +$3 " | cut -c1-60
  done > $R/plan.txt; cat $R/plan.txt
  PROBE_TIMEOUT=60 bash -c '. results/h100/explore/probe.sh; stage_rows "step11 step12 step09" <<< "f16 1025 2097152
bf16 1536 3145728"' > $R/rows.txt 2>&1; cat $R/rows.txt
  tests 11 11 $((400 - SECONDS)) "*" ;;
edges2)
  PROBE_UNTIL=$((400 - SECONDS)) timeout $((410 - SECONDS)) bash results/h100/explore/session35/edges2.sh > $R/edges2.txt 2>&1
  echo "edges2 exit $? at ${SECONDS}s"; cat $R/edges2.txt ;;
edges3)
  PROBE_UNTIL=$((300 - SECONDS)) timeout $((310 - SECONDS)) bash results/h100/explore/session35/edges3.sh > $R/edges3.txt 2>&1
  echo "edges3 exit $? at ${SECONDS}s"; cat $R/edges3.txt ;;
peers)
  GIT_DIR=/nonexistent timeout $((590 - SECONDS)) python3 bench/peers.py --lib build/libsoftmax.so --dtypes f32,f16,bf16 \
    --out $R/peers-$commit.json > $R/peers-$commit.txt 2>&1; echo "peers exit $? at ${SECONDS}s"; tail -n 12 $R/peers-$commit.txt ;;
gpu)
  tests 12 12 120 "*"
  tests 11 11 $((250 - SECONDS)) "*"
  tests rest 01,02,03,04,05,06,07,07b,08,09,10 $((590 - SECONDS)) "*" ;;
esac
