#!/usr/bin/env bash
# Forty-sixth session (H200): the wide kernels' registers folded into the (max, sum) as each pack
# lands, after the slices (fold.patch, common/row_cache.cuh), where they hold x: the halves' wide,
# wider and medium blocks of stage 08 and wide CTAs of stage 10, and fp32's 13-slice ones. The
# thirteenth session's first form did this for every kernel; the register kernels lost 10-20 points
# (ptxas sank their loads) and it was dropped, though the wide kernels had gained
# (docs/08_half.md, "Summing the slices as they land"). Many long rows of halves are where the
# H200 trails its copy most (docs/h200.md). A copy of the tree with the patch, built in full; the
# dispatcher of each build on each shape, alternating (base, fold, base, fold), 30 iterations
# (results/h100/explore/probe.sh's ab); then, as time allows, test-gpu of stages 08 and 10 on the
# patched build. Run from the repository root after the base build (device_build.sh).
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # ab
here=$(dirname "$0")
rm -rf /tmp/fold && mkdir -p /tmp/fold && tar --exclude=./build --exclude="./$R" -cf - . | tar xf - -C /tmp/fold
(cd /tmp/fold && patch -p1 -s < $OLDPWD/$here/fold.patch) || echo "patch failed"
(cd /tmp/fold && make -j16 --no-print-directory DEPS=$OLDPWD/$DEPS ARCH=sm_90 COMMIT=$commit-fold all build/test_gpu \
   > build-fold.txt 2>&1; echo "build fold exit $? at ${SECONDS}s")
BASE=. NEW=/tmp/fold
for c in "f16 2048 49152" "f16 2048 65536" "bf16 2048 65536" "f16 2048 131072" "bf16 2048 131072" \
         "f16 2048 262144" "f32 2048 65536" "f32 2048 131072"; do
  ab fold $c step11
done
echo "ab done at ${SECONDS}s"
if [ $SECONDS -lt 250 ]; then  # (this script's clock: the call's base build came before it)
  (cd /tmp/fold && SOFTMAX_TEST_STAGES=08,10 timeout $((490 - SECONDS)) build/test_gpu --duration=true > test-gpu-08-10-fold.txt 2>&1
   echo "test-gpu 08,10 (fold) exit $? at ${SECONDS}s"
   grep -E "FAIL|^\[doctest\] (test cases|assertions)" test-gpu-08-10-fold.txt | tail -n 20)
  cp /tmp/fold/test-gpu-08-10-fold.txt $R/ 2>/dev/null
fi
cp /tmp/fold/build-fold.txt $R/
