#!/usr/bin/env bash
# Device runs of the fifty-sixth session (2026-11-29), on an H200:
#   OUT=... bash results/h200/session56.run.sh lean   stages 08, 10 and 11 (the tree with
#     explore/session56/lean.patch applied): explore/session56/lean.sh (stage 08's lean teams on rows
#     off the 16-byte boundary, against the stage as it was), ./step10 --explain in halves,
#     explore/session56/shortrows.sh (Nsight Compute on stage 08's short rows not in packs;
#     Inductor's code for the short rows where torch.compile led), then compute-sanitizer's four
#     tools on stage 10's persistent CTAs of one (fp16 264 x 131080)
#   OUT=... bash results/h200/session56.run.sh pack   stage 08 (the tree with explore/session56/
#     pack.patch applied): explore/session56/pack.sh (pack_rows under register caps and with
#     cp.async loads, against the stage as it was)
#   OUT=... bash results/h200/session56.run.sh staged   stage 08 (the tree with explore/session56/
#     staged.patch applied): explore/session56/staged.sh (staged_rows in pairs and with loops that
#     stop at a lane's last element, against the stage as it was)
#   OUT=... bash results/h200/session56.run.sh final   stages 03, 08, 11, the library and
#     build/test_gpu: test-gpu on stage 08, explore/session56/final.sh (the committed pack_rows
#     against STEP08_PACK_ASYNC=0, two rounds), then bench/peers.py's "small" sweep with the
#     dispatcher, stages 03 and 08 and every peer (as the fifty-fifth session's final part)
#   OUT=... bash results/h200/session56.run.sh last   stages 03, 08, 11, the library and
#     build/test_gpu: test-gpu on stages 08 and 11, explore/session56/last.sh (the committed
#     staged_rows against STEP08_STAGED_PAIRS=0, two rounds), then the "small" sweep as in final
#   OUT=... bash results/h200/session56.run.sh fine   stage 08 and build/test_gpu: test-gpu on
#     stage 08, then explore/session56/fine.sh (staged_rows' two new configurations against
#     STEP08_STAGED_FINE=0, two rounds)
# GPU-agnostic: it runs unchanged on an H100.
part=${1:-lean}
PROBES=results/h200/explore/session56
. "$(dirname "$0")/session_lib.sh"  # mk, test_gpu, sweeps; the call's files under ./$part/
case $part in
lean) mk step08 step10 step11 ;;
pack | staged) mk step08 ;;
final | last) mk step03 step08 step11 lib build/test_gpu ;;
fine) mk step08 build/test_gpu ;;
esac || { echo "the build failed"; tail -n 5 $R/build-here.txt; exit 1; }
echo "built $commit at ${SECONDS}s"
case $part in
lean)
  PROBE_UNTIL=300 timeout $((320 - SECONDS)) bash $PROBES/lean.sh > $R/lean.txt 2>&1
  echo "lean exit $? at ${SECONDS}s"; cat $R/lean.txt
  ./step10 --explain --dtype f16 > $R/step10-explain-f16.txt 2>&1; echo "explain exit $?"
  grep -i "persistent" $R/step10-explain-f16.txt | head -n 8
  timeout $((470 - SECONDS)) bash $PROBES/shortrows.sh > $R/shortrows.txt 2>&1
  echo "shortrows exit $? at ${SECONDS}s"; grep -E "^== |Duration|DRAM Throughput|Memory Throughput|Achieved Occupancy|Registers Per" $R/shortrows.txt | head -n 60
  printf 'f16 264 131080 persistent CTAs of one, 13 slices\n' |
    timeout $((585 - SECONDS)) bash -c '. results/h100/explore/probe.sh; sanitize ./step10' > $R/sanitize10.txt 2>&1
  echo "sanitize exit $? at ${SECONDS}s"; cat $R/sanitize10.txt ;;
pack)
  PROBE_UNTIL=500 timeout $((560 - SECONDS)) bash $PROBES/pack.sh > $R/pack.txt 2>&1
  echo "pack exit $? at ${SECONDS}s"; cat $R/pack.txt ;;
staged)
  PROBE_UNTIL=500 timeout $((560 - SECONDS)) bash $PROBES/staged.sh > $R/staged.txt 2>&1
  echo "staged exit $? at ${SECONDS}s"; cat $R/staged.txt ;;
fine)
  LIMIT=250 test_gpu 08
  PROBE_UNTIL=420 timeout $((440 - SECONDS)) bash $PROBES/fine.sh > $R/fine.txt 2>&1
  echo "fine exit $? at ${SECONDS}s"; cat $R/fine.txt ;;
final | last)
  if [ $part = final ]; then
    LIMIT=230 test_gpu 08
  else
    LIMIT=200 test_gpu 08
    LIMIT=300 test_gpu 11
  fi
  until=$([ $part = final ] && echo 380 || echo 420)
  PROBE_UNTIL=$until timeout $((until + 20 - SECONDS)) bash $PROBES/$part.sh > $R/$part.txt 2>&1
  echo "$part exit $? at ${SECONDS}s"; cat $R/$part.txt
  GIT_DIR=/nonexistent timeout $((590 - SECONDS)) python3 bench/peers.py --lib build/libsoftmax.so \
    --dtypes f32,f16,bf16 --sweeps small \
    --impls torch,torch_compile,triton_fused,triton_online,liger,step03,step08,step11 \
    --out $R/peers-small-$commit.json > $R/peers-small-$commit.txt 2>&1
  echo "peers exit $? at ${SECONDS}s"; tail -n 12 $R/peers-small-$commit.txt ;;
esac
