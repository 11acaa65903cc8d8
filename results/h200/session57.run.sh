#!/usr/bin/env bash
# Device runs of the fifty-seventh session (2026-11-29), on an H200:
#   OUT=... bash results/h200/session57.run.sh odd   stage 08 and build/test_gpu: test-gpu on
#     stage 08, then explore/session57/odd.sh (staged_rows' odd rows in pairs against
#     STEP08_STAGED_ODD=0, two rounds)
#   OUT=... bash results/h200/session57.run.sh final   stages 03, 08, 11, the library and
#     build/test_gpu: test-gpu on stage 11, compute-sanitizer's four tools on staged_rows' odd
#     rows (small matrices, staged by STEP08_STAGED_ROWS=1), then bench/peers.py's "small" sweep
#     with the dispatcher, stages 03 and 08 and every peer (as the fifty-sixth session's last part)
#   OUT=... bash results/h200/session57.run.sh odd2   stage 08: explore/session57/odd2.sh (odd
#     rows of 5-1023 in pairs against STEP08_STAGED_ODD=0, about 64 MB each, two rounds)
#   OUT=... bash results/h200/session57.run.sh odd3   stage 08 and build/test_gpu (carry
#     build/base/step08, 6d1fd02's stage 08 built for sm_90): test-gpu on stage 08, then
#     explore/session57/odd3.sh (odd rows one longer than a team's slots on that team, against
#     6d1fd02, alternately)
#   OUT=... bash results/h200/session57.run.sh last   stage 08 and build/test_gpu: test-gpu on
#     stage 11, compute-sanitizer's four tools on odd rows that fill a team's slots (small
#     matrices, staged by STEP08_STAGED_ROWS=1), then explore/session57/odd4.sh (the final build's
#     odd rows of 5-1023 against STEP08_STAGED_ODD=0, two rounds)
#   OUT=... bash results/h200/session57.run.sh short   build/test_gpu: its short-row case (which
#     this session gave rows of 9, 11, 17, 25, 33 and 45) on every stage but 08 and 11 (those ran
#     the whole of test-gpu in odd3 and last)
#   OUT=... bash results/h200/session57.run.sh fine2   stage 08 and build/test_gpu (carry
#     build/base/step08, fb9820d's stage 08 built for sm_90): test-gpu's short-row and staged cases
#     on stage 08, then explore/session57/fine2.sh (the four new teams against fb9820d, alternately)
# GPU-agnostic: it runs unchanged on an H100.
part=${1:-odd}
PROBES=results/h200/explore/session57
. "$(dirname "$0")/session_lib.sh"  # mk, test_gpu, sweeps; the call's files under ./$part/
case $part in
odd) mk step08 build/test_gpu ;;
odd2) mk step08 ;;
odd3 | last) mk step08 build/test_gpu ;;
short) mk build/test_gpu ;;
fine2) mk step08 build/test_gpu ;;
final) mk step03 step08 step11 lib build/test_gpu ;;
esac || { echo "the build failed"; tail -n 5 $R/build-here.txt; exit 1; }
echo "built $commit at ${SECONDS}s"
case $part in
odd)
  LIMIT=300 test_gpu 08
  PROBE_UNTIL=540 timeout $((560 - SECONDS)) bash $PROBES/odd.sh > $R/odd.txt 2>&1
  echo "odd exit $? at ${SECONDS}s"; cat $R/odd.txt ;;
odd2)
  PROBE_UNTIL=500 timeout $((520 - SECONDS)) bash $PROBES/odd2.sh > $R/odd2.txt 2>&1
  echo "odd2 exit $? at ${SECONDS}s"; cat $R/odd2.txt ;;
odd3)
  LIMIT=300 test_gpu 08
  timeout $((580 - SECONDS)) bash $PROBES/odd3.sh > $R/odd3.txt 2>&1
  echo "odd3 exit $? at ${SECONDS}s"; cat $R/odd3.txt ;;
last)
  LIMIT=200 test_gpu 11
  printf 'f16 4099 17 odd, fills 2 x 8\nbf16 4099 65 odd, fills 8 x 8\nf32 4097 33 odd, fills 4 x 8\n' |
    STEP08_STAGED_ROWS=1 timeout $((260 - SECONDS)) bash -c '. results/h100/explore/probe.sh; sanitize ./step08' \
    > $R/sanitize08.txt 2>&1
  echo "sanitize exit $? at ${SECONDS}s"; cat $R/sanitize08.txt
  PROBE_UNTIL=560 timeout $((580 - SECONDS)) bash $PROBES/odd4.sh > $R/odd4.txt 2>&1
  echo "odd4 exit $? at ${SECONDS}s"; cat $R/odd4.txt ;;
short)
  log=$R/test-gpu-short-rows.txt
  echo "test-gpu  commit $commit  $(date -u '+%Y-%m-%d %H:%M UTC')" > $log
  SOFTMAX_TEST_STAGES=01,02,03,04,05,06,07,09,10,12 timeout $((580 - SECONDS)) build/test_gpu --duration=true \
    -tc='every stage on short rows*' >> $log 2>&1
  echo "test-gpu short rows exit $? at ${SECONDS}s"; tail -n 4 $log ;;
fine2)
  log=$R/test-gpu-08-staged.txt
  echo "test-gpu  commit $commit  $(date -u '+%Y-%m-%d %H:%M UTC')" > $log
  SOFTMAX_TEST_STAGES=08 timeout $((150 - SECONDS)) build/test_gpu --duration=true \
    -tc='every stage on short rows*,every stage on rows of 1-8 KB*' >> $log 2>&1
  echo "test-gpu 08 short and staged exit $? at ${SECONDS}s"; tail -n 4 $log
  timeout $((200 - SECONDS)) bash $PROBES/fine2.sh > $R/fine2.txt 2>&1
  echo "fine2 exit $? at ${SECONDS}s"; cat $R/fine2.txt ;;
final)
  LIMIT=250 test_gpu 11
  printf 'f16 4099 25 odd, staged\nbf16 4099 45 odd, staged\nf32 4097 11 odd, staged\n' |
    STEP08_STAGED_ROWS=1 timeout $((400 - SECONDS)) bash -c '. results/h100/explore/probe.sh; sanitize ./step08' \
    > $R/sanitize08.txt 2>&1
  echo "sanitize exit $? at ${SECONDS}s"; cat $R/sanitize08.txt
  GIT_DIR=/nonexistent timeout $((590 - SECONDS)) python3 bench/peers.py --lib build/libsoftmax.so \
    --dtypes f32,f16,bf16 --sweeps small \
    --impls torch,torch_compile,triton_fused,triton_online,liger,step03,step08,step11 \
    --out $R/peers-small-$commit.json > $R/peers-small-$commit.txt 2>&1
  echo "peers exit $? at ${SECONDS}s"; tail -n 12 $R/peers-small-$commit.txt ;;
esac
