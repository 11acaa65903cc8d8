#!/usr/bin/env bash
# Thirty-sixth session: stage 08's new kernels under compute-sanitizer's four tools: pack_rows
# (groups of 1, 3, 5 and 7 packs, the matrix's last pack partial where M * N is not a multiple of
# the pack) and the teams under a warp (whole and shifted), each through ./step08 --check. Run from
# the repository root after the build; one line per run, then "sanitize: P passed, F failed".
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
f32 4099 10 pack_rows P=5
f32 4099 3 pack_rows P=3
f16 4099 7 pack_rows P=7
f16 1000003 1 pack_rows P=1
bf16 5 28 pack_rows P=7
f32 4099 4 team of 1 lane
f16 4099 64 team of 8 lanes
f32 37 50 team of 16 lanes shifted
SHAPES
echo "sanitize: $passed passed, $failed failed"
