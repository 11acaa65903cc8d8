#!/usr/bin/env bash
# Device runs of the fifty-eighth session (2026-11-29), on an H200:
#   OUT=... bash results/h200/session58.run.sh fewer   stage 08 and build/test_gpu (carry
#     build/base/step08.gz, 17e099d's stage 08 built for sm_90): explore/session58/fewer.sh
#     (staged_rows with exp_sum's FFMA and three teams of fewer lanes, against 17e099d), test-gpu
#     on stage 08, then test-gpu's short-row and 1-8 KB cases (the fifty-seventh session's new
#     shapes) on every stage but 08 and 11
#   OUT=... bash results/h200/session58.run.sh final   stages 03, 08, 11, the library and
#     build/test_gpu, and beside them 17e099d's stage 08 (carry build/base/08_half.cu, from
#     `git show 17e099d:steps/08_half.cu`: the tree with its stage 08 would pass the 64 MiB the
#     device takes): explore/session58/fewer2.sh (the change as kept,
#     against 17e099d), test-gpu on stages 08 and 11, then bench/peers.py's "small" sweep with the
#     dispatcher, stages 03 and 08 and every peer
#   OUT=... bash results/h200/session58.run.sh last   stage 08 and build/test_gpu, and 17e099d's
#     stage 08 as in final (carry build/base/08_half.cu): explore/session58/fewer3.sh (the final
#     build against 17e099d), compute-sanitizer's four tools on the halves teams of fewer lanes
#     (small matrices, staged by STEP08_STAGED_ROWS=1), then test-gpu on stage 08
#   OUT=... bash results/h200/session58.run.sh test11   build/test_gpu: test-gpu on stage 11 (run
#     as these lines, typed as one command, on the machine `last` had left warm, its build kept)
#   OUT=... bash results/h200/session58.run.sh odd   stage 08, and 17e099d's as in final:
#     explore/session58/fewer4.sh (teams that kept their shape, whose registers exp_sum moved)
# The test-gpu logs are in results/h200/ as test-gpu-{08,short-rows}-21e0030, -{08,11}-99d05b8 and
# -{08,11}-9ffbb9f (.txt.gz); the peers' sweep as peers-small-99d05b8.json and .txt.
# GPU-agnostic: it runs unchanged on an H100.
part=${1:-fewer}
PROBES=results/h200/explore/session58
. "$(dirname "$0")/session_lib.sh"  # mk, test_gpu, sweeps; the call's files under ./$part/
case $part in
fewer) mk step08 build/test_gpu ;;
test11) mk build/test_gpu ;;
final | last | odd)
  (mkdir -p /tmp/base/steps build/base && cp -r common Makefile /tmp/base/ && cp build/base/08_half.cu /tmp/base/steps/ &&
    make -C /tmp/base -j4 --no-print-directory DEPS=$PWD/$DEPS ARCH=sm_90 step08 > $R/build-base.txt 2>&1 &&
    cp /tmp/base/step08 build/base/step08) &
  case $part in final) mk step03 step08 step11 lib build/test_gpu ;; last) mk step08 build/test_gpu ;; *) mk step08 ;; esac &&
    wait $! && [ -x build/base/step08 ] ;;
esac || { echo "the build failed"; tail -n 5 $R/build-here.txt; exit 1; }
echo "built $commit at ${SECONDS}s"
case $part in
fewer)
  PROBE_UNTIL=260 timeout $((280 - SECONDS)) bash $PROBES/fewer.sh > $R/fewer.txt 2>&1
  echo "fewer exit $? at ${SECONDS}s"; cat $R/fewer.txt
  LIMIT=400 test_gpu 08
  log=$R/test-gpu-others.txt
  echo "test-gpu  commit $commit  $(date -u '+%Y-%m-%d %H:%M UTC')" > $log
  SOFTMAX_TEST_STAGES=01,02,03,04,05,06,07,09,10,12 timeout $((585 - SECONDS)) build/test_gpu --duration=true \
    -tc='every stage on short rows*,every stage on rows of 1-8 KB*' >> $log 2>&1
  echo "test-gpu others exit $? at ${SECONDS}s"; tail -n 4 $log ;;
final)
  PROBE_UNTIL=140 timeout 150 bash $PROBES/fewer2.sh > $R/fewer2.txt 2>&1
  echo "fewer2 exit $? at ${SECONDS}s"; cat $R/fewer2.txt
  LIMIT=380 test_gpu 08
  LIMIT=490 test_gpu 11
  GIT_DIR=/nonexistent timeout $((595 - SECONDS)) python3 bench/peers.py --lib build/libsoftmax.so \
    --dtypes f32,f16,bf16 --sweeps small \
    --impls torch,torch_compile,triton_fused,triton_online,liger,step03,step08,step11 \
    --out $R/peers-small-$commit.json > $R/peers-small-$commit.txt 2>&1
  echo "peers exit $? at ${SECONDS}s"; tail -n 12 $R/peers-small-$commit.txt ;;
last)
  PROBE_UNTIL=110 timeout 120 bash $PROBES/fewer3.sh > $R/fewer3.txt 2>&1
  echo "fewer3 exit $? at ${SECONDS}s"; cat $R/fewer3.txt
  printf '%s\n' 'f16 4099 10 even, 1 x 10' 'bf16 4099 11 odd, 1 x 10' 'f16 4097 21 odd, 2 x 12' \
    'bf16 4099 22 even, 2 x 12' 'f16 4099 45 odd, 2 x 22' 'bf16 4097 38 even, 2 x 22' |
    STEP08_STAGED_ROWS=1 timeout $((480 - SECONDS)) bash -c '. results/h100/explore/probe.sh; sanitize ./step08' \
    > $R/sanitize08.txt 2>&1
  echo "sanitize exit $? at ${SECONDS}s"; cat $R/sanitize08.txt
  LIMIT=585 test_gpu 08 ;;
test11) LIMIT=400 test_gpu 11 ;;
odd)
  timeout 200 bash $PROBES/fewer4.sh > $R/fewer4.txt 2>&1
  echo "fewer4 exit $? at ${SECONDS}s"; cat $R/fewer4.txt ;;
esac
