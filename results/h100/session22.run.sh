#!/usr/bin/env bash
# Device runs of the twenty-second session. Each call builds on the device first (device_build.sh:
# Google Benchmark and doctest carried in .deps, the commit in .commit), then runs one part; every
# output goes to $OUT/<part>.tgz.
#   OUT=... bash results/h100/session22.run.sh probe  stage 09's register loads indexed from a
#     `const uint4*` (explore/session21/pack-base.patch: one base register, where each load took its
#     own LDC of x): 3029f19's 09 (.bin/base/step09, built on the build machine) against now on rows
#     in packs and on three rows not in packs, alternating processes (explore/session21/shifted09.sh);
#     then 09 beside 10 or 08 on rows not in packs that the rules gave away unmeasured
#     (explore/session22/rows3.sh)
#     The patch measured 0-1% slower (aligned09-d92f9e1.txt) and was taken back out.
#   OUT=... bash results/h100/session22.run.sh probe2  where rows3's crossovers lie
#     (explore/session22/rows4.sh); then every stage and peer in one process (bench/peers.py: the
#     README's table and plots)
#   OUT=... bash results/h100/session22.run.sh verify  the dispatcher with rules 6, 15 and 22 redrawn
#     against 3029f19's (.bin/base/step11) on the shapes they move (explore/session22/rules.sh), then
#     stage 11's test-gpu cases on rows not in packs
#   OUT=... bash results/h100/session22.run.sh edge  rule 22's end moved to N = 86008 (verify found
#     256 x 86009 in two chunks of 09, 72% against 08's 82%): the dispatcher before / after at its
#     last rows not in packs (86007), then every test-gpu case on stage 11
#   OUT=... bash results/h100/session22.run.sh edge2  edge found 08 ahead at f16 1023 x 86007: 08 and
#     09 at 512-768 rows of 81921-86007, for rule 22's last row count
#   OUT=... bash results/h100/session22.run.sh paths  stage 08's paths on the shapes where the peers run
#     had Triton's fused kernel ahead (explore/session22/paths.sh)
#   OUT=... bash results/h100/session22.run.sh rows5  09 against 10 past rule 15's 255 rows, 08
#     against 09 below rule 22's 256 (explore/session22/rows5.sh)
#   OUT=... bash results/h100/session22.run.sh final  the dispatcher with rules 13 and 23 (from 160
#     rows) against 3029f19's (explore/session22/rules2.sh), then every test-gpu case on stage 11
#   OUT=... bash results/h100/session22.run.sh sweeps  the dispatcher's sweeps in three dtypes (issue 7's count)
set -u
part=${1:-probe}
. results/h100/device_build.sh  # the build, R, B, budget, run, sweeps, tests
case $part in
probe)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  BASE=.bin/base NEW=. SHIFTED09_ALIGNED=1 timeout 230 bash results/h100/explore/session21/shifted09.sh > $R/aligned09.txt 2>&1
  echo "aligned09 exit $? at ${SECONDS}s"; cat $R/aligned09.txt
  BASE=.bin/base NEW=. SHIFTED09_FIRST=3 timeout 70 bash results/h100/explore/session21/shifted09.sh > $R/shifted09.txt 2>&1
  echo "shifted09 exit $? at ${SECONDS}s"; cat $R/shifted09.txt
  PROBE_UNTIL=$((560 - SECONDS)) timeout $((585 - SECONDS)) bash results/h100/explore/session22/rows3.sh > $R/rows3.txt 2>&1
  echo "rows3 exit $? at ${SECONDS}s"; cat $R/rows3.txt ;;
probe2)
  PROBE_UNTIL=225 timeout 240 bash results/h100/explore/session22/rows4.sh > $R/rows4.txt 2>&1
  echo "rows4 exit $? at ${SECONDS}s"; cat $R/rows4.txt
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  GIT_DIR=/nonexistent timeout $((590 - SECONDS)) python3 bench/peers.py --lib build/libsoftmax.so --dtypes f32,f16,bf16 \
    --out $R/peers-$commit.json > $R/peers-$commit.txt 2>&1; echo "peers exit $? at ${SECONDS}s"; tail -n 12 $R/peers-$commit.txt ;;
verify)
  BASE=.bin/base NEW=. PROBE_UNTIL=380 timeout 400 bash results/h100/explore/session22/rules.sh > $R/rules.txt 2>&1
  echo "rules exit $? at ${SECONDS}s"; cat $R/rules.txt
  tests 11-unpacked 11 $((585 - SECONDS)) "*not in 16-byte*,*different amounts*,*not 16-byte aligned*,*longer than the chip*" ;;
edge)
  for s in "f16 256 86007" "bf16 256 86007" "f16 1023 86007" "f16 256 86009"; do
    BASE=.bin/base NEW=. bash -c ". results/h100/explore/probe.sh; ab edge $s step11"
  done > $R/edge.txt 2>&1; echo "edge at ${SECONDS}s"; cat $R/edge.txt
  tests 11 11 $((585 - SECONDS)) "*" ;;
edge2)
  bash -c '. results/h100/explore/probe.sh; stage_rows "step08 step09"' > $R/edge2.txt 2>&1 <<'SHAPES'
f16 512 86007
f16 640 86007
f16 768 86007
f16 768 81921
bf16 768 86007
f16 896 65537
f16 1023 65537
SHAPES
  echo "edge2 at ${SECONDS}s"; cat $R/edge2.txt ;;
paths)
  timeout 300 bash results/h100/explore/session22/paths.sh > $R/paths.txt 2>&1
  echo "paths exit $? at ${SECONDS}s"; cat $R/paths.txt ;;
rows5)
  PROBE_UNTIL=400 timeout 420 bash results/h100/explore/session22/rows5.sh > $R/rows5.txt 2>&1
  echo "rows5 exit $? at ${SECONDS}s"; cat $R/rows5.txt ;;
final)
  BASE=.bin/base NEW=. PROBE_UNTIL=200 timeout 220 bash results/h100/explore/session22/rules2.sh > $R/rules2.txt 2>&1
  echo "rules2 exit $? at ${SECONDS}s"; cat $R/rules2.txt
  tests 11 11 $((585 - SECONDS)) "*" ;;
sweeps)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  sweeps step11 ;;
esac
