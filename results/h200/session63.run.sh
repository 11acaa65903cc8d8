#!/usr/bin/env bash
# Device runs of the sixty-third session (2026-11-29), on an H200, in the order they ran:
#   OUT=... bash results/h200/session63.run.sh first   stages 03, 08, 11 and the library, and beside
#     them stage 08 and a library of it alone with explore/session63/knobs.patch (built in
#     /tmp/v_knobs from a copy of steps, common, bench and the Makefile): while they build,
#     session60/inductor512.py on fp32 16777216 x 2 and 8388608 x 4 (torch.compile's num_warps,
#     XBLOCK and PTX there); then explore/session63/knobs.sh, and bench/peers.py on those two shapes
#     with torch.compile and stage 08 as it is and under the patch's knobs
#   OUT=... bash results/h200/session63.run.sh peers   bench/peers.py's m2048 and vector sweeps with
#     the dispatcher, stages 03 and 08 and every peer (last run at a4cb935)
#   OUT=... bash results/h200/session63.run.sh second   stage 08 and a library of it alone with
#     explore/session63/knobs2.patch only (with no knob set, the stage's kernels):
#     explore/session63/knobs2.sh, then bench/peers.py on fp32 16777216 x 2 and 8388608 x 4 with
#     torch.compile and stage 08 under the patch's knobs
#   OUT=... bash results/h200/session63.run.sh placement   explore/session63/placement.py on
#     build/libsoftmax.so (stage 08 alone, built here for sm_90 at the call's commit, stripped and
#     carried beside .deps; nothing built on the device): where the output lies, against the time
#   OUT=... bash results/h200/session63.run.sh third   stage 08 and a library of it alone with
#     explore/session63/knobs3.patch only: explore/session63/knobs3.sh, then bench/peers.py on fp32
#     16777216 x 2 and 8388608 x 4 with torch.compile and stage 08 under the patch's L2 policies
#   OUT=... bash results/h200/session63.run.sh evict   the library of `third`, built here for sm_90
#     (stripped, xz-compressed and carried as build/v_knobs3/lib.xz beside .deps/lib; nothing built
#     on the device): explore/session63/evict.py as the stage is and with STEP08_PACK_CS=6
#   OUT=... bash results/h200/session63.run.sh cs6   (ran as a one-line command on the machine
#     `evict` left warm, its files under $OUT/cs6/; the script has it as a part since)
#     bench/peers.py on every dtype's rows of 2, 4 and 8 in the "small" sweep with torch.compile and
#     stage 08 from `evict`'s library under STEP08_PACK_WHOLE=1, with STEP08_PACK_CS=0 and =6, two
#     rounds
#   OUT=... bash results/h200/session63.run.sh l2last   PREPARED, NOT RUN in the sixty-third session
#     (no device time left): the dispatcher and the library with explore/session63/l2last.patch and
#     with reset.patch alone (built in /tmp/v_l2last and /tmp/v_reset), then explore/session63/
#     l2last.sh, and bench/peers.py on fp32 16777216 x 2 and 8388608 x 4 with each library
# GPU-agnostic: it runs unchanged on an H100.
part=${1:-first}
PROBES=results/h200/explore/session63
. "$(dirname "$0")/session_lib.sh"  # mk, test_gpu, sweeps, peers_*, variant; the call's files under ./$part/
inductor() {  # torch.compile's kernel for each shape, fresh caches
  local m n d
  for s in "16777216 2" "8388608 4"; do
    set -- $s; m=$1; n=$2; d=/tmp/inductor_${m}x$n; rm -rf $d; mkdir -p $d
    TORCHINDUCTOR_CACHE_DIR=$d/inductor TRITON_CACHE_DIR=$d/triton PTX_OUT=$R/inductor_${m}x$n.ptx \
      timeout 150 python3 results/h200/explore/session60/inductor512.py $m $n
  done
}
case $part in
first) variant knobs & pid=$!
  inductor > $R/inductor.txt 2>&1 & ipid=$!
  mk step03 step08 step11 lib && wait $pid && [ -x build/v_knobs/step08 ] ;;
second) variant knobs2 && [ -x build/v_knobs2/step08 ] ;;
placement) [ -f build/libsoftmax.so ] ;;  # carried, nothing built
third) variant knobs3 && [ -x build/v_knobs3/step08 ] ;;
l2last) variant_with l2last step11 lib & pid=$!
  variant_with reset step11 lib && wait $pid && [ -x build/v_l2last/step11 ] && [ -x build/v_reset/step11 ] ;;
evict | cs6) [ -f build/v_knobs3/libsoftmax.so ] || xz -dc build/v_knobs3/lib.xz > build/v_knobs3/libsoftmax.so ;;
*) mk step03 step08 step11 lib ;;
esac || { echo "the build failed"; tail -n 5 $R/build-*.txt; exit 1; }
echo "built $commit at ${SECONDS}s"
case $part in
first)
  wait $ipid; echo "inductor at ${SECONDS}s"; grep -v "^ *warn\|^$\|Online softmax\|split the reduction\|important use\|softmax.$" $R/inductor.txt
  PROBE_UNTIL=$((SECONDS + 150)) timeout 170 bash $PROBES/knobs.sh > $R/knobs.txt 2>&1
  echo "knobs exit $? at ${SECONDS}s"; cat $R/knobs.txt
  V=build/v_knobs/libsoftmax.so W=STEP08_PACK_WHOLE=1
  peers_short build/libsoftmax.so head
  peers_short $V whole $W
  for t in 128 512 1024; do peers_short $V t$t $W STEP08_PACK_THREADS=$t; done
  peers_short $V cs1 $W STEP08_PACK_CS=1
  peers_short build/libsoftmax.so head2 ;;
peers) peers_sweeps m2048,vector 585 ;;
second)
  PROBE_UNTIL=$((SECONDS + 150)) timeout 170 bash $PROBES/knobs2.sh > $R/knobs2.txt 2>&1
  echo "knobs2 exit $? at ${SECONDS}s"; cat $R/knobs2.txt
  V=build/v_knobs2/libsoftmax.so W=STEP08_PACK_WHOLE=1
  peers_short $V head
  for c in 3 4 5; do peers_short $V cs$c $W STEP08_PACK_CS=$c; done
  peers_short $V tri $W STEP08_PACK_THREADS=128 STEP08_PACK_G=2 STEP08_PACK_CS=3
  peers_short $V head2 ;;
third)
  PROBE_UNTIL=$((SECONDS + 60)) timeout 80 bash $PROBES/knobs3.sh > $R/knobs3.txt 2>&1
  echo "knobs3 exit $? at ${SECONDS}s"; cat $R/knobs3.txt
  V=build/v_knobs3/libsoftmax.so W=STEP08_PACK_WHOLE=1
  peers_short $V head
  for c in 6 8 3; do peers_short $V cs$c $W STEP08_PACK_CS=$c; done
  peers_short $V head2 ;;
evict)
  for cs in "" 6; do
    STEP08_PACK_CS=$cs GIT_DIR=/nonexistent timeout 150 python3 $PROBES/evict.py build/v_knobs3/libsoftmax.so 50 \
      >> $R/evict.txt 2>&1
    echo "evict CS=$cs exit $? at ${SECONDS}s"
  done
  grep "^CS=" $R/evict.txt ;;
cs6)
  for r in 1 2; do
    for cs in 0 6; do
      STEP08_PACK_WHOLE=1 STEP08_PACK_CS=$cs GIT_DIR=/nonexistent timeout 70 python3 bench/peers.py \
        --lib build/v_knobs3/libsoftmax.so --dtypes f32,f16,bf16 --sweeps small --impls torch_compile,step08 \
        --filter '/N:(2|4|8)$' --out $R/peers-cs$cs-r$r.json > $R/peers-cs$cs-r$r.txt 2>&1
      echo "cs$cs r$r exit $? at ${SECONDS}s"; grep -A5 "^GB/s, f32" $R/peers-cs$cs-r$r.txt | head -5
    done
  done ;;
l2last)
  PROBE_UNTIL=$((SECONDS + 280)) timeout 300 bash $PROBES/l2last.sh > $R/l2last.txt 2>&1
  echo "l2last exit $? at ${SECONDS}s"; cat $R/l2last.txt
  peers_short build/v_reset/libsoftmax.so reset
  peers_short build/v_l2last/libsoftmax.so l2last ;;
placement)
  GIT_DIR=/nonexistent timeout 400 python3 $PROBES/placement.py build/libsoftmax.so 100 > $R/placement.txt 2>&1
  echo "placement exit $? at ${SECONDS}s"; grep -v "warn\|^$\|Online softmax\|split the reduction\|important use\|softmax.$" $R/placement.txt ;;
esac
