#!/usr/bin/env bash
# Device runs of the seventeenth session. Each call builds on the device first (device_build.sh:
# Google Benchmark and doctest carried in .deps, the commit in .commit), then runs one part; every
# output goes to $OUT/<part>.tgz.
#   OUT=... bash results/h100/session17.run.sh wide   stage 10's wide clusters taking rows off the 16-byte boundary
#     shifted: test-gpu of stages 10 and 11 on the new case, the guard bytes, misaligned pointers, many long rows and
#     strided rows; then the probe (explore/session17/wide.sh: the dispatcher, stage 10 as it chooses, forced to parts
#     and to wide, stage 09, stage 10 on N - 1)
#   OUT=... bash results/h100/session17.run.sh sizes  the wide form taking the fewest CTAs that hold a row (any cluster
#     size): test-gpu of stage 10 on the new case, many long rows and rows of 96 KB-2 MB; then the probe
#     (explore/session17/sizes.sh: as it chooses, at the power-of-two size it took before, the parts form, the dispatcher)
#   OUT=... bash results/h100/session17.run.sh persist  many such rows: persistent clusters against one per row
#     (STEP10_PERSISTENT=off) and the parts form (explore/session17/persist.sh); test-gpu of stage 10 on the new case
#     with the persistent clusters off
#   OUT=... bash results/h100/session17.run.sh final  shifted rows one cluster each, rule 5 from 64 rows: test-gpu of
#     stages 10 and 11 (the new case, guard bytes, misaligned pointers, long and many long rows, strided rows, corner
#     shapes, special values, occupancy); the dispatcher on such rows (explore/session17/disp.sh); stage 10 under
#     compute-sanitizer (tests/sanitize.sh: 2 x 300001 takes the shifted wide clusters of 5)
#   OUT=... bash results/h100/session17.run.sh peers  the peers on rows not in 16-byte packs (bench/peers.py --sweeps
#     unpacked: torch, torch.compile, Triton, Liger where installed, stages 08, 10, 11), then the dispatcher on the
#     three shapes of disp.sh that call `final` had no time for
#   OUT=... bash results/h100/session17.run.sh rest   at the final kernels: the halves probe (explore/session17/halves.sh),
#     then test-gpu of stages 10 and 11 on the nine cases call final did not run (with it, all nineteen), then the two
#     cases this session added or grew on every other stage
#   OUT=... bash results/h100/session17.run.sh last   shifted halves rows take the wide form from 128 rows: the halves probe
#     again (stage 10 now chooses the wide form there) with the dispatcher; test-gpu of stages 10 and 11 on the new
#     case, the guard bytes and rows at each of stage 08's cache capacities (part rest's pattern for that case held a
#     comma, which doctest's -tc splits on: it did not run)
#   OUT=... bash results/h100/session17.run.sh next   three open choices for such rows, for the next session
#     (explore/session17/next.sh): halves 128 x 32769 / 50257 in stages 08 and 10; halves at 64 rows, parts against
#     wide; fp32 at 16 and 32 rows, the dispatcher (stage 09) against stage 10
#   OUT=... bash results/h100/session17.run.sh final2 shifted halves rows wide from 64 rows, rule 5 from 32 rows: the
#     dispatcher on next.sh's shapes of 16-64 rows; test-gpu of stages 10 and 11 on the new case (halves at 70 rows),
#     the capacities case and the guard bytes
set -u
part=${1:-wide}
. results/h100/device_build.sh  # the build, R, B, budget, run
NEW_CASES="every stage on long rows not in 16-byte packs*,no stage writes outside*"
tests() {  # tests NAME STAGES SECONDS CASES: test-gpu of those stages and cases, its summary
  SOFTMAX_TEST_STAGES=$2 timeout $3 build/test_gpu -tc="$4" > $R/test-gpu-$1.txt 2>&1
  echo "test-gpu $1 exit $? at ${SECONDS}s"; grep -E "FAIL|^\[doctest\] (test cases|assertions)" $R/test-gpu-$1.txt | tail -n 12
}
case $part in
wide)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  tests 10-11 10,11 240 "$NEW_CASES,every stage takes pointers*,every stage on many long rows*,stages with a row stride*"
  timeout $((585 - SECONDS)) bash results/h100/explore/session17/wide.sh > $R/wide.txt 2>&1
  echo "wide exit $? at ${SECONDS}s"; cat $R/wide.txt ;;
sizes)
  tests 10 10 200 "$NEW_CASES,every stage on many long rows*,every stage on rows of 96 KB*"
  timeout $((585 - SECONDS)) bash results/h100/explore/session17/sizes.sh > $R/sizes.txt 2>&1
  echo "sizes exit $? at ${SECONDS}s"; cat $R/sizes.txt ;;
persist)
  timeout 300 bash results/h100/explore/session17/persist.sh > $R/persist.txt 2>&1
  echo "persist exit $? at ${SECONDS}s"; cat $R/persist.txt
  STEP10_PERSISTENT=off tests 10-off 10 $((585 - SECONDS)) "$NEW_CASES,every stage on many long rows*" ;;
final)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  tests 10-11 10,11 300 "$NEW_CASES,every stage takes pointers*,every stage on many long rows*,every stage on rows of 96 KB*,stages with a row stride*,every stage matches*,every stage handles*,every stage follows*,the occupancy*"
  timeout 150 bash results/h100/explore/session17/disp.sh > $R/disp.txt 2>&1
  echo "disp exit $? at ${SECONDS}s"; cat $R/disp.txt
  timeout $((585 - SECONDS)) sh tests/sanitize.sh step10 > $R/sanitize-10.txt 2>&1
  echo "sanitize exit $? at ${SECONDS}s"; tail -n 20 $R/sanitize-10.txt ;;
peers)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  GIT_DIR=/nonexistent timeout 470 python3 bench/peers.py --lib build/libsoftmax.so --dtypes f32,f16,bf16 --sweeps unpacked \
    --impls torch,torch_compile,triton_fused,triton_online,liger,step08,step10,step11 \
    --out $R/peers-unpacked-$commit.json > $R/peers-unpacked-$commit.txt 2>&1
  echo "peers exit $? at ${SECONDS}s"; tail -n 40 $R/peers-unpacked-$commit.txt
  . results/h100/explore/probe.sh
  for s in "f16 2048 393216" "f16 2048 524289" "bf16 2048 262145"; do
    set -- $s; budget 580 "step11 $s" && one $1 $2 $3 X=1 ./step11
  done > $R/disp2.txt 2>&1; cat $R/disp2.txt ;;
rest)
  timeout 90 bash results/h100/explore/session17/halves.sh > $R/halves.txt 2>&1; echo "halves exit $? at ${SECONDS}s"; cat $R/halves.txt
  tests rest-10-11 10,11 $((420 - SECONDS)) "more than 2^31*,stages that take any N*,running a stage again*,StreamScratch*,calls on two streams*,the checks catch*,the strided check*,every stage on rows of 128 B*,every stage on rows not in 16-byte packs, at each*"
  tests new-others 01,02,03,04,05,06,07,08,09 $((560 - SECONDS)) "$NEW_CASES" ;;
last)
  timeout 90 bash results/h100/explore/session17/halves.sh > $R/halves.txt 2>&1; echo "halves exit $? at ${SECONDS}s"; cat $R/halves.txt
  . results/h100/explore/probe.sh
  for t in f16 bf16; do for m in 128 256; do for n in 131073 262145; do one $t $m $n X=1 ./step11; done; done; done > $R/disp3.txt 2>&1
  cat $R/disp3.txt
  tests last-10-11 10,11 $((560 - SECONDS)) "every stage on long rows not in 16-byte packs*,every stage on rows not in 16-byte packs*,no stage writes outside*" ;;
next)
  timeout 400 bash results/h100/explore/session17/next.sh > $R/next.txt 2>&1; echo "next exit $? at ${SECONDS}s"; cat $R/next.txt ;;
final2)
  . results/h100/explore/probe.sh
  { for t in f16 bf16; do for n in 131073 262145; do one $t 64 $n X=1 ./step11; done; done
    for m in 16 32; do for n in 65537 131073; do one f32 $m $n X=1 ./step11; done; done; } > $R/disp4.txt 2>&1; cat $R/disp4.txt
  tests final2-10-11 10,11 $((560 - SECONDS)) "every stage on long rows not in 16-byte packs*,every stage on rows not in 16-byte packs*,no stage writes outside*" ;;
esac
