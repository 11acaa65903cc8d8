#!/bin/sh
# Run every stage under compute-sanitizer (memcheck, racecheck, synccheck, initcheck) on shapes
# that exercise tails (odd N), long rows and multi-block rows. A shape a stage refuses (exit 2) is skipped.
# Usage: tests/sanitize.sh step01 step02 ...   Closing line: "sanitize: P passed, F failed".
set -u
command -v compute-sanitizer >/dev/null 2>&1 || { echo "error: compute-sanitizer not found (CUDA Toolkit)" >&2; exit 3; }
passed=0 failed=0 skipped=0
for s in "$@"; do
  for shape in "5 1000" "7 4097" "2 300001"; do
    set -- $shape
    for tool in memcheck racecheck synccheck initcheck; do
      log=$(compute-sanitizer --tool "$tool" --error-exitcode 99 ./"$s" --check --rows "$1" --cols "$2" 2>&1)
      rc=$?
      summary=$(echo "$log" | grep -E "ERROR SUMMARY|RACECHECK SUMMARY" | tail -n 1)
      if [ $rc -eq 2 ]; then skipped=$((skipped + 1)); continue; fi
      if [ $rc -eq 0 ]; then
        passed=$((passed + 1)); echo "ok    $s $tool M=$1 N=$2  ${summary:-}"
      else
        failed=$((failed + 1)); echo "FAIL  $s $tool M=$1 N=$2 (exit $rc)"; echo "$log" | head -n 20
      fi
    done
  done
done
echo "skipped (shape refused by the stage): $skipped"
echo "sanitize: $passed passed, $failed failed"
[ $failed -eq 0 ]
