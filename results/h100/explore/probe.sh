# probe.sh — sourced by the probe scripts (thirteenth session onwards):
#   row OUTPUT M N        the "µs %" of the harness line for M x N in a stage's output
#   one DTYPE M N ENV... BINARY   run BINARY (after `env ENV...`) on M x N for 30 iterations and
#                                 print "DTYPE M x N ENV... BINARY: µs us %copy"
#   ab LABEL DTYPE M N ENV... BINARY   run $BASE/BINARY and $NEW/BINARY alternately, base, new, base,
#                                 new, each its own process (the second pair is the noise), and
#                                 print "LABEL DTYPE M x N ENV... (base | new | base | new) | µs us % | ..."
row() { grep -E "^ +$2 +$3 " <<< "$1" | awk '{print $4, "us", $NF}'; }
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
