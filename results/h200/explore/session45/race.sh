#!/usr/bin/env bash
# Forty-fifth session: which order racecheck misses in stage 12's ring, or whether one is missing.
# On the H200 (forty-fourth session) racecheck on fp32 8 x 2^21 reported the bulk copy that refills
# a slot (bulk_copy.cuh:45) against the fold's reads of the slot (12_ring.cu:240), over 2M times;
# the H100's racecheck shapes never refilled a slot. Two orders meet there:
#   - the refill after the last reads of the slot's previous tile: each compute warp reads, meets
#     at __syncwarp, its lane 0 arrives on `empty`; the producer waits (try_wait), fences the async
#     proxy, copies;
#   - the fold's reads after the refill lands: `full` completes with the copy's bytes, and each
#     warp finds it complete by test_wait (mbar_test), never by try_wait.
# Variants, each a copy of the tree with one patch of this folder, step12 built in each:
#   wait   wait.patch   a try_wait on `full` before the fold's reads (after the test said complete)
#   lanes  lanes.patch  every compute lane arrives on `empty` (count 512), no __syncwarp
#   fence  fence.patch  every compute lane fences the async proxy before its warp releases the slot
# Then racecheck (and memcheck on the last shape) with --check on shapes whose blocks refill
# slots (fp32 16 x 2^20: 2048 tiles of 32 KB on 132 blocks of 7 slots), each hazard pair and its
# count; then each variant against the base on stage 12's rule shapes, alternating, 30 iterations.
# Run from the repository root after the base build (device_build.sh).
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # row, one
here=$(dirname "$0")
build() {  # build NAME PATCH: a copy of the tree with the patch, step12 built in it
  rm -rf /tmp/$1 && mkdir -p /tmp/$1 && tar --exclude=./.bin --exclude=./build --exclude="./$R" -cf - . | tar xf - -C /tmp/$1
  (cd /tmp/$1 && patch -p1 -s < $OLDPWD/$here/$2) || echo "patch $2 failed in $1"
  (cd /tmp/$1 && make -j5 --no-print-directory DEPS=$OLDPWD/$DEPS ARCH=sm_90 COMMIT=$commit-$1 step12 > build.txt 2>&1
   echo "build $1 exit $?")
}
build wait wait.patch & build lanes lanes.patch & build fence fence.patch &
wait
echo "built variants at ${SECONDS}s"
names=(base wait lanes fence); dirs=(. /tmp/wait /tmp/lanes /tmp/fence)
race() {  # race K DTYPE M N: racecheck on variant K, its summary and every hazard pair with its count
  local log
  log=$(timeout 150 compute-sanitizer --tool racecheck ${dirs[$1]}/step12 --check --dtype $2 --rows $3 --cols $4 2>&1)
  echo "== ${names[$1]} racecheck $2 $3 x $4 (exit $?, ${SECONDS}s): $(grep -E "RACECHECK SUMMARY" <<< "$log")"
  grep -E "check|Maximum number" <<< "$log" | grep -v "^=* *$" | head -n 4
  grep -E "(Error|Warning): Race reported|and (Read|Write) access" <<< "$log" | sed -E 's/^=+ +//; s/\(const T1.*Board\)/(...)/'
}
for k in 0 1 2 3; do race $k f32 16 1048576; done
for k in 0 1 2 3; do race $k f16 32 1048576; done
for k in 0 1 2 3; do
  echo "== ${names[$k]} memcheck f32 16 x 1048576: $(timeout 100 compute-sanitizer --tool memcheck ${dirs[$k]}/step12 --check \
    --dtype f32 --rows 16 --cols 1048576 2>&1 | grep -E "ERROR SUMMARY|check" | tr '\n' ' ')"
done
echo "timing at ${SECONDS}s (us %copy; base then each variant, two rounds)"
while read -r t m n; do
  for round in 1 2; do
    for k in 0 1 2 3; do
      [ $SECONDS -lt ${PROBE_UNTIL:-560} ] || break 3
      one $t $m $n ${dirs[$k]}/step12 | sed "s#${dirs[$k]}/step12#${names[$k]}#"
    done
  done
done <<'SHAPES'
f32 8 2097152
f32 16 1048576
f16 8 4194304
f16 64 1048576
SHAPES
