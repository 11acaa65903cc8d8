#!/usr/bin/env bash
# Device run of the twenty-sixth session (2026-11-27), after it had run session24.run.sh stream and
# session25.run.sh ncu and tests0810 again (session26.md). Builds every stage on the device first
# (device_build.sh), carrying .deps and .commit (session24.run.sh's header says how to make them):
#   OUT=... bash results/h100/session26.run.sh sanitize
# sanitize  stages 08-11 under compute-sanitizer's four tools (tests/sanitize.sh: fp32, three shapes),
#           the first run of it on the kernels that stand since 32f9d93; then fp16 on a shape each
#           of 08 and 10 takes in its one-pass blocks, and the cooperative path of 09, as time allows
#   OUT=... bash results/h100/session26.run.sh sweeps
# sweeps    the dispatcher's sweeps in three dtypes (issue 7's count of shapes at 95% of the copy),
#           the first on the kernels that stand since 32f9d93 (the last were 72f3ad4's)
set -u
part=${1:-sanitize}
. results/h100/device_build.sh  # the build, R, B, budget, run, sweeps, tests
nvidia-smi > $R/nvidia-smi.txt 2>&1
case $part in
sanitize)
  (echo "sanitize  commit $commit  $(date -u '+%Y-%m-%d %H:%M UTC')"; timeout 380 sh tests/sanitize.sh step08 step09 step10 step11) > $R/sanitize.txt 2>&1
  echo "sanitize exit $? at ${SECONDS}s"; grep -E "FAIL|sanitize:|skipped" $R/sanitize.txt
  for c in "step08 3 49160" "step10 67 131077" "step09 3 2097155"; do
    set -- $c
    for tool in memcheck racecheck synccheck initcheck; do
      budget 560 "$c $tool f16" || break 2
      out=$(timeout 60 compute-sanitizer --tool $tool --error-exitcode 99 ./$1 --check --dtype f16 --rows $2 --cols $3 2>&1)
      echo "exit $? $tool f16 $1 $2 $3: $(echo "$out" | grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' | tail -n 1)"
    done
  done > $R/sanitize-f16.txt 2>&1
  cat $R/sanitize-f16.txt ;;
sweeps)
  sweeps step11 ;;
esac
