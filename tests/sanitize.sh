#!/bin/sh
# Run every stage under compute-sanitizer (memcheck, racecheck, synccheck, initcheck) on shapes
# that exercise tails (odd N), long rows and multi-block rows. A shape a stage refuses (exit 2) is skipped.
# Usage: tests/sanitize.sh step01 step02 ...   Closing line: "sanitize: P passed, F failed".
set -u
command -v compute-sanitizer >/dev/null 2>&1 || { echo "error: compute-sanitizer not found (CUDA Toolkit)" >&2; exit 3; }
passed=0 failed=0 skipped=0
for s in "$@"; do
  shapes="5x1000 7x4097 2x300001"
  # Stage 12's blocks refill their ring slots only past 7 tiles of 32 KB each: 16 x 2^20 floats
  # give each of 132 blocks about 15 tiles.
  [ "$s" = step12 ] && shapes="$shapes 16x1048576"
  for shape in $shapes; do
    m=${shape%x*} n=${shape#*x}
    for tool in memcheck racecheck synccheck initcheck; do
      log=$(compute-sanitizer --tool "$tool" --error-exitcode 99 ./"$s" --check --rows "$m" --cols "$n" 2>&1)
      rc=$?
      summary=$(echo "$log" | grep -E "ERROR SUMMARY|RACECHECK SUMMARY" | tail -n 1)
      if [ $rc -eq 2 ]; then skipped=$((skipped + 1)); continue; fi
      if [ $rc -eq 0 ]; then
        passed=$((passed + 1)); echo "ok    $s $tool M=$m N=$n  ${summary:-}"
      else
        failed=$((failed + 1)); echo "FAIL  $s $tool M=$m N=$n (exit $rc)"; echo "$log" | head -n 20
      fi
    done
  done
done
echo "skipped (shape refused by the stage): $skipped"
echo "sanitize: $passed passed, $failed failed"
[ $failed -eq 0 ]
