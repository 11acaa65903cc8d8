# group.sh — sourced by the fifty-fifth session's probes after probe.sh:
#   group NAME ROUNDS FORM... < lines "DTYPE M N"   each shape, ROUNDS times over, under each FORM
#                                 (ENV words, then a binary) in its own process (probe.sh's `one`);
#                                 "== NAME (at Ss)" first; once the script has run PROBE_UNTIL
#                                 seconds (if set) it prints the shape with "(time)" and returns
group() {
  local name=$1 rounds=$2 t m n r v; shift 2
  echo "== $name (at ${SECONDS}s)"
  while read -r t m n; do
    for ((r = 1; r <= rounds; ++r)); do
      for v in "$@"; do
        if [ -n "${PROBE_UNTIL:-}" ] && [ $SECONDS -ge "$PROBE_UNTIL" ]; then echo "$t $m x $n: (time)"; return 0; fi
        one $t $m $n $v  # $v unquoted: its ENV words, then the binary
      done
    done
  done
}
