#!/usr/bin/env bash
# Thirty-seventh session: stage 08's staged_rows under compute-sanitizer's four tools, each team
# configuration it launches (TL lanes x E elements), a warp's stretch ending on a partial pack of
# the matrix, and pack_rows on a group of 3 packs, each through ./step08 --check. Run from the
# repository root after the build; one line per run, then "sanitize: P passed, F failed".
passed=0 failed=0
while read -r t m n what; do
  for tool in memcheck racecheck synccheck initcheck; do
    log=$(compute-sanitizer --tool $tool --error-exitcode 99 ./step08 --check --dtype $t --rows $m --cols $n 2>&1)
    rc=$?
    summary=$(echo "$log" | grep -E "ERROR SUMMARY|RACECHECK SUMMARY" | tail -n 1)
    if [ $rc -eq 0 ]; then passed=$((passed + 1)); echo "ok    $t $m x $n ($what) $tool: $summary"
    else failed=$((failed + 1)); echo "FAIL  $t $m x $n ($what) $tool (exit $rc)"; echo "$log" | head -n 20; fi
  done
done <<'SHAPES'
bf16 1000003 5 staged 1 lane x 8, last pack partial
f32 4099 10 staged 2 lanes x 8
f32 37 17 staged 4 lanes x 8
f16 4099 50 staged 8 lanes x 8
f16 97 127 staged 16 lanes x 8
f32 4099 255 staged 32 lanes x 8
f32 5 511 staged 32 lanes x 16
f16 97 1023 staged 32 lanes x 32
f16 4099 3 pack_rows P=3
SHAPES
echo "sanitize: $passed passed, $failed failed"
