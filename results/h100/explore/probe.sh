# probe.sh — sourced by the probe scripts (thirteenth session onwards):
#   row OUTPUT M N        the "µs %" of the harness line for M x N in a stage's output
#   one DTYPE M N ENV... BINARY   run BINARY (after `env ENV...`) on M x N for 30 iterations and
#                                 print "DTYPE M x N ENV... BINARY: µs us %copy"
row() { grep -E "^ +$2 +$3 " <<< "$1" | awk '{print $4, "us", $NF}'; }
one() {
  local t=$1 m=$2 n=$3; shift 3
  local r; r=$(env "$@" --dtype $t --rows $m --cols $n --iters 30 2>&1)
  echo "$t $m x $n $*: $(row "$r" $m $n)"
}
