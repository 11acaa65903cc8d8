#!/usr/bin/env bash
# Device runs of the thirty-seventh session (2026-11-27). Each call builds on the device first
# (device_build.sh: Google Benchmark and doctest carried in .deps, the commit in .commit), then:
#   OUT=... bash results/h100/session37.run.sh staged   stage 08's staged_rows: test-gpu's short-row,
#     1-8 KB and guard-bytes cases on every stage, then staged_rows against the shifted teams,
#     pack_rows and stage 03 (explore/session37/staged.sh)
#   OUT=... bash results/h100/session37.run.sh after   the same test-gpu cases and the one for x and
#     y misaligned unlike each other, stage 01's sweep (its sum now compensated), staged_rows and the
#     dispatcher on more lengths (explore/session37/after.sh), the peers on bench/peers.py's "small"
#   OUT=... bash results/h100/session37.run.sh packed   staged_rows on rows in packs (STEP08_STAGED_ROWS=all)
#     against the teams and stage 03 (explore/session37/packed.sh), then test-gpu, every case, on
#     stages 01, 08 and 11
#   OUT=... bash results/h100/session37.run.sh final   staged_rows under compute-sanitizer
#     (explore/session37/sanitize.sh), then the peers on bench/peers.py's sweep "unpacked"
#   OUT=... bash results/h100/session37.run.sh spread   staged_rows with fewer rows a warp on small
#     matrices against the shifted teams (explore/session37/spread.sh), test-gpu's short-row, 1-8 KB
#     and guard-bytes cases on stages 08 and 11, then the peers on the sweeps "unpacked" and "small"
#   OUT=... bash results/h100/session37.run.sh cross   staged_rows against the shifted teams on
#     matrices of 4-32 MB (explore/session37/cross.sh), then test-gpu: every case on 08 and 11,
#     the short-row, 1-8 KB and guard-bytes cases on every stage
#   OUT=... bash results/h100/session37.run.sh spread2   a small matrix spread over 32, 128 or 512
#     warps an SM against the shifted team (explore/session37/spread2.sh)
#   OUT=... bash results/h100/session37.run.sh last   at the session's last code: stage 08 against
#     the shifted team (explore/session37/last.sh), test-gpu's short-row, 1-8 KB, guard-bytes and
#     misaligned cases on every stage, the peers on the sweeps "small" and "unpacked", then every
#     test-gpu case on stages 08 and 11 in the time left
#   OUT=... bash results/h100/session37.run.sh near   with staged_rows from 2 MB: matrices of 1-4 MB
#     (explore/session37/near.sh), test-gpu's short-row, 1-8 KB and guard-bytes cases on every
#     stage, then the peers on the sweeps "small" and "unpacked"
# Ran on one H100: staged at 4b99c52, after at 35f7ff6, packed at d4c213c, final at 3a21d10, spread
# at 8868b3c, cross at ed6301b, spread2 at 46459b1, last at 3a547ca, near at 87170a9 (each
# build.txt under results/h100/explore/session37/PART/ shows it as SOFTMAX_COMMIT). The peers'
# command lines became the helper below after the last call; each part runs the same commands.
set -u
part=${1:-staged}
. results/h100/device_build.sh  # the build, R, B, budget, run, sweeps, tests
nvidia-smi > $R/nvidia-smi.txt 2>&1
# One of explore/session37/NAME.sh, until UNTIL seconds into the call, to $R/NAME.txt.
probe() {
  timeout $(($2 - SECONDS)) bash results/h100/explore/session37/$1.sh > $R/$1.txt 2>&1
  echo "$1 exit $? at ${SECONDS}s"; cat $R/$1.txt
}
# The peers on SWEEPS (bench/peers.py), implementations IMPLS, until UNTIL seconds into the call;
# the last TAIL lines of its output.
peers() {
  GIT_DIR=/nonexistent timeout $(($3 - SECONDS)) python3 bench/peers.py --lib build/libsoftmax.so --dtypes f32,f16,bf16 \
    --sweeps $1 --impls $2 --out $R/peers-$commit.json > $R/peers-$commit.txt 2>&1
  echo "peers exit $? at ${SECONDS}s"; tail -n $4 $R/peers-$commit.txt
}
ALL=torch,torch_compile,triton_fused,triton_online,liger,step03,step08,step11
case $part in
staged)
  tests short "" 200 "*short rows*,*1-8 KB*,*writes outside*"
  probe staged 585 ;;
after)
  tests short "" 200 "*short rows*,*1-8 KB*,*writes outside*,*different amounts*"
  run step01 ./step01
  probe after 300
  peers small torch,torch_compile,triton_fused,liger,step03,step08,step11 590 40 ;;
packed)
  probe packed 200
  tests 01-08-11 01,08,11 $((590 - SECONDS)) "*" ;;
final)
  probe sanitize 400
  peers unpacked $ALL 590 40 ;;
spread)
  probe spread 200
  tests short 08,11 260 "*short rows*,*1-8 KB*,*writes outside*"
  peers unpacked,small $ALL 590 40 ;;
cross)
  probe cross 200
  tests 08-11 08,11 420 "*"
  tests short "" $((590 - SECONDS)) "*short rows*,*1-8 KB*,*writes outside*" ;;
spread2)
  probe spread2 400 ;;
last)
  probe last 150
  tests short "" 220 "*short rows*,*1-8 KB*,*writes outside*,*different amounts*"
  peers small,unpacked $ALL 420 40
  tests 08-11 08,11 $((595 - SECONDS)) "*" ;;
near)
  probe near 120
  tests short "" 200 "*short rows*,*1-8 KB*,*writes outside*"
  peers small,unpacked $ALL 560 8 ;;
esac
