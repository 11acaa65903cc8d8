#!/usr/bin/env bash
# explore call 2: finer timeline marks; STEP09_FLAGS 2 (pipelined summary), 4 (warp merge), 6 (both)
set -u
R=$OUT/x2; mkdir -p $R
export LD_LIBRARY_PATH=.deps/lib
B=.bin/x/step09
one() { tag=$1; shift; echo "== $tag $*" ; timeout 60 "$@" --iters 20 2>&1 | grep -E "timeline|round|^ +[0-9]+ +[0-9]+ +[a-z0-9]+ +[0-9.]+ |error|FAIL|check"; }
for s in "1 8388608 f32" "4 4194304 f32" "1 4194304 f32" "1 16777216 f16" "4 8388608 f16"; do
  set -- $s
  for f in 0 2 4 6; do STEP09_FLAGS=$f STEP09_TIMELINE=10 one flags$f $B --rows $1 --cols $2 --dtype $3; done
done 2>&1 | tee $R/timeline.txt
sw() { f=$1; t=$2; STEP09_FLAGS=$f timeout 100 $B --iters 20 --dtype $t > $R/step09_flags${f}_$t.txt 2>&1; echo "sweep flags $f $t exit $? at $SECONDS"; }
sw 0 f32; sw 6 f32; sw 2 f32; sw 0 f16; sw 6 f16; sw 6 bf16
for f in $R/step09_flags*.txt; do echo "== $f"; grep -E "^ +[0-9]+ +[0-9]+ +[a-z0-9]+ +[0-9.]+ " $f | awk '{print $1, $2, $4, $7}' | tr '\n' ';'; echo; done
echo "done at $SECONDS s"
