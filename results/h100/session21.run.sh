#!/usr/bin/env bash
# Device runs of the twenty-first session. Each call builds on the device first (device_build.sh:
# Google Benchmark and doctest carried in .deps, the commit in .commit), then runs one part; every
# output goes to $OUT/<part>.tgz.
#   OUT=... bash results/h100/session21.run.sh probe  stage 09 with rows not in 16-byte packs taken as
#     shifted packs: every test-gpu case on stage 09, the new case of x and y off the boundary by
#     different amounts on every stage, then 09 before (.bin/base/step09, 11b95a3, built on the
#     build machine) against now on such rows, alternating processes (explore/session21/shifted09.sh)
#   OUT=... bash results/h100/session21.run.sh probe2  09 before and now on rows in packs (its code
#     path for them should not have moved), then stages 08, 09 and 10 on rows not in packs
#     (explore/session21/rows.sh), for the dispatcher's rules; first the offsets case again (probe's
#     stopped at stage 06, which refuses such pointers by design: the case now leaves 06 and 07 out)
#   OUT=... bash results/h100/session21.run.sh probe3  09's shifted rows as a kernel of their own (SHIFTED),
#     so that rows in packs run a kernel without the partial-pack code (probe2 had them 0-2% slower
#     than 11b95a3 in fp32): every test-gpu case on 09, the offsets case on 09 and 11, then before /
#     now on rows in packs, and on three rows not in packs
#   OUT=... bash results/h100/session21.run.sh probe4  the same with the register loads and the cp.asyncs
#     pinned in order (__syncwarp), as 11b95a3's kernel had them: before / now on rows in packs and on
#     three rows not in packs, then stages 09 and 10 on rows not in packs at more rows (rows2.sh)
#   OUT=... bash results/h100/session21.run.sh verify  the final stage 09 and rules: every test-gpu case on
#     09; stage 11 on the cases with rows not in packs; the dispatcher on the rows whose rules moved,
#     and 09 against 10 where rows2 left a doubt (explore/session21/rules.sh)
#   OUT=... bash results/h100/session21.run.sh sweeps  the dispatcher's sweeps in three dtypes (issue 7's count)
#   OUT=... bash results/h100/session21.run.sh sanitize  compute-sanitizer on stage 09's shifted kernels:
#     tests/sanitize.sh's shapes (odd N, registers only) with the four tools, then memcheck and
#     racecheck on the shared-memory form with odd rows (fp32 5 x 2097155, fp16 5 x 4194307)
set -u
part=${1:-probe}
. results/h100/device_build.sh  # the build, R, B, budget, run, sweeps, tests
case $part in
probe)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  tests 09 09 260 "*"
  tests offsets "" 90 "*different amounts*"
  BASE=.bin/base NEW=. PROBE_UNTIL=$((560 - SECONDS)) timeout $((585 - SECONDS)) \
    bash results/h100/explore/session21/shifted09.sh > $R/shifted09.txt 2>&1
  echo "shifted09 exit $? at ${SECONDS}s"; cat $R/shifted09.txt ;;
probe2)
  tests offsets "" 90 "*different amounts*"
  BASE=.bin/base NEW=. SHIFTED09_ALIGNED=1 PROBE_UNTIL=300 timeout 320 \
    bash results/h100/explore/session21/shifted09.sh > $R/aligned09.txt 2>&1
  echo "aligned09 exit $? at ${SECONDS}s"; cat $R/aligned09.txt
  PROBE_UNTIL=$((560 - SECONDS)) timeout $((585 - SECONDS)) bash results/h100/explore/session21/rows.sh > $R/rows.txt 2>&1
  echo "rows exit $? at ${SECONDS}s"; cat $R/rows.txt ;;
probe3)
  tests 09 09 280 "*"
  tests offsets 09,11 60 "*different amounts*"
  BASE=.bin/base NEW=. SHIFTED09_ALIGNED=1 PROBE_UNTIL=$((560 - SECONDS)) timeout $((585 - SECONDS)) \
    bash results/h100/explore/session21/shifted09.sh > $R/aligned09.txt 2>&1
  echo "aligned09 exit $? at ${SECONDS}s"; cat $R/aligned09.txt
  BASE=.bin/base NEW=. PROBE_UNTIL=$((570 - SECONDS)) SHIFTED09_FIRST=3 timeout $((590 - SECONDS)) \
    bash results/h100/explore/session21/shifted09.sh > $R/shifted09.txt 2>&1
  echo "shifted09 exit $? at ${SECONDS}s"; cat $R/shifted09.txt ;;
probe4)
  BASE=.bin/base NEW=. SHIFTED09_ALIGNED=1 timeout 200 bash results/h100/explore/session21/shifted09.sh > $R/aligned09.txt 2>&1
  echo "aligned09 exit $? at ${SECONDS}s"; cat $R/aligned09.txt
  BASE=.bin/base NEW=. SHIFTED09_FIRST=3 timeout 60 bash results/h100/explore/session21/shifted09.sh > $R/shifted09.txt 2>&1
  echo "shifted09 exit $? at ${SECONDS}s"; cat $R/shifted09.txt
  PROBE_UNTIL=$((560 - SECONDS)) timeout $((585 - SECONDS)) bash results/h100/explore/session21/rows2.sh > $R/rows2.txt 2>&1
  echo "rows2 exit $? at ${SECONDS}s"; cat $R/rows2.txt ;;
verify)
  tests 09 09 270 "*"
  tests 11-unpacked 11 150 "*not in 16-byte*,*different amounts*,*not 16-byte aligned*,*writes outside*,*longer than the chip*"
  PROBE_UNTIL=$((565 - SECONDS)) timeout $((588 - SECONDS)) bash results/h100/explore/session21/rules.sh > $R/rules.txt 2>&1
  echo "rules exit $? at ${SECONDS}s"; cat $R/rules.txt ;;
sweeps)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  sweeps step11 ;;
sanitize)
  timeout 200 sh tests/sanitize.sh step09 > $R/sanitize-09.txt 2>&1; echo "sanitize.sh exit $? at ${SECONDS}s"
  for tool in memcheck racecheck; do
    for args in "--rows 5 --cols 2097155" "--dtype f16 --rows 5 --cols 4194307"; do
      log=$(timeout 90 compute-sanitizer --tool $tool --error-exitcode 99 ./step09 --check $args 2>&1); rc=$?
      echo "$tool $args: exit $rc $(echo "$log" | grep -E "check  M|ERROR SUMMARY|RACECHECK SUMMARY" | tr '\n' ' ')"
    done
  done >> $R/sanitize-09.txt 2>&1
  cat $R/sanitize-09.txt ;;
esac
