# probe.sh — sourced by the probe scripts (thirteenth session onwards):
#   row OUTPUT M N        the "µs %" of the harness line for M x N in a stage's output
#   one DTYPE M N ENV... BINARY   run BINARY (after `env ENV...`) on M x N for 30 iterations and
#                                 print "DTYPE M x N ENV... BINARY: µs us %copy"
#   ab LABEL DTYPE M N ENV... BINARY   run $BASE/BINARY and $NEW/BINARY alternately, base, new, base,
#                                 new, each its own process (the second pair is the noise), and
#                                 print "LABEL DTYPE M x N ENV... (base | new | base | new) | µs us % | ..."
#   stage_rows STAGES < lines "DTYPE M N [STAGE...]"   (eighteenth session onwards) each stage on
#                                 each shape, its own process, 30 iterations, at most PROBE_TIMEOUT
#                                 seconds (60 unless set); one line a shape: "DTYPE M x N: | STAGE µs
#                                 us % | ..."; stages named on a line replace STAGES; once the script
#                                 has run PROBE_UNTIL seconds (if set) it prints the shape with
#                                 "(time)" and stops; a STAGE may be "ENV=VALUE,binary" (fiftieth
#                                 session onwards): that binary run under that one variable
#   variants ROUNDS VARIANT... < lines "DTYPE M N"   (thirty-eighth session onwards) each shape,
#                                 ROUNDS times over, under each VARIANT in turn, a string "ENV...
#                                 BINARY" (one's arguments after the shape): one's lines
#   sanitize BINARY < lines "DTYPE M N WHAT..."   (thirty-eighth session onwards; the sanitize.sh
#                                 of sessions 36-37 had the loop) BINARY --check on each shape
#                                 under compute-sanitizer's four tools: "ok"/"FAIL" a run, the
#                                 tool's summary (the log's head on a failure), then
#                                 "sanitize: P passed, F failed"
row() { grep -E "^ *$2 +$3 " <<< "$1" | awk '{print $4, "us", $NF}'; }
one() {
  local t=$1 m=$2 n=$3; shift 3
  local r; r=$(env "$@" --dtype $t --rows $m --cols $n --iters 30 2>&1)
  echo "$t $m x $n $*: $(row "$r" $m $n)"
}
ab() {
  local label=$1 t=$2 m=$3 n=$4; shift 4
  local out="" dir r
  for dir in $BASE $NEW $BASE $NEW; do
    r=$(env "${@:1:$#-1}" timeout 60 $dir/${@: -1} --dtype $t --rows $m --cols $n --iters 30 2>&1)
    out="$out | $(row "$r" $m $n)"
  done
  echo "$label $t $m x $n ${*:1:$#-1} (base | new | base | new)$out"
}
stage_rows() {
  local t m n more st bin envs r line
  while read -r t m n more; do
    line="$t $m x $n:"
    for st in ${more:-$1}; do
      if [ -n "${PROBE_UNTIL:-}" ] && [ $SECONDS -ge "$PROBE_UNTIL" ]; then echo "$line | (time)"; return 0; fi
      bin=${st#*,}; envs=(); [ "$bin" = "$st" ] || envs=("${st%%,*}")
      r=$(env "${envs[@]}" timeout "${PROBE_TIMEOUT:-60}" ./$bin --dtype $t --rows $m --cols $n --iters 30 2>&1)
      line="$line | $st $(row "$r" $m $n)"
    done
    echo "$line"
  done
}
variants() {
  local rounds=$1 t m n round v; shift
  while read -r t m n; do
    for ((round = 1; round <= rounds; ++round)); do
      for v in "$@"; do one $t $m $n $v; done  # $v unquoted: its ENV words, then the binary
    done
  done
}
sanitize() {
  local bin=$1 t m n what tool log rc summary passed=0 failed=0
  while read -r t m n what; do
    for tool in memcheck racecheck synccheck initcheck; do
      log=$(compute-sanitizer --tool $tool --error-exitcode 99 $bin --check --dtype $t --rows $m --cols $n 2>&1)
      rc=$?
      summary=$(echo "$log" | grep -E "ERROR SUMMARY|RACECHECK SUMMARY" | tail -n 1)
      if [ $rc -eq 0 ]; then passed=$((passed + 1)); echo "ok    $t $m x $n ($what) $tool: $summary"
      else failed=$((failed + 1)); echo "FAIL  $t $m x $n ($what) $tool (exit $rc)"; echo "$log" | head -n 20; fi
    done
  done
  echo "sanitize: $passed passed, $failed failed"
}
