#!/usr/bin/env bash
# Device runs of the thirty-sixth session (2026-11-27). Each call builds on the device first
# (device_build.sh: Google Benchmark and doctest carried in .deps, the commit in .commit), then:
#   OUT=... bash results/h100/session36.run.sh small   short rows (N = 4 .. 512), never timed before:
#     every stage in one process per shape (./step11 --tune on explore/session36/small-shapes.txt),
#     then the peers on bench/peers.py's sweeps "small" and "models" beside stages 03, 08 and 11
#   OUT=... bash results/h100/session36.run.sh teams   stage 08's teams of 1-16 lanes: the rules'
#     choice on short rows, test-gpu's short-rows and guard-bytes cases on every stage, the peers on
#     the sweep "small" beside stages 03, 08 and 11, then test-gpu of stages 08 and 11
#   OUT=... bash results/h100/session36.run.sh packs   with pack_rows (rows of 2-8 bytes): test-gpu
#     of stages 08 and 11, then the peers on the sweep "small" (now from N = 2) as in teams
#   OUT=... bash results/h100/session36.run.sh groups   pack_rows for groups of rows in 1-8 packs:
#     test-gpu of 08 and 11, pack_rows against the shifted teams (explore/session36/groups.sh), the
#     peers on the sweep "small" (now with N = 10); ran at 63ec391 and again (part staged) once
#     pack_rows loaded a warp's packs together through shared memory
#   OUT=... bash results/h100/session36.run.sh final   the final rules' choice on short rows, and
#     test-gpu's short-rows, guard-bytes and x-and-y-misaligned cases on every stage
#   OUT=... bash results/h100/session36.run.sh edges   the shifted teams' partial packs read whole and
#     masked (48f1ecf, reverted after this run): test-gpu of 08 and 11, masked against element by
#     element (explore/session36/edges.sh), the peers on the sweep "small"
#   OUT=... bash results/h100/session36.run.sh sanitize   stage 08's new kernels under compute-sanitizer's
#     four tools (explore/session36/sanitize.sh)
#   OUT=... bash results/h100/session36.run.sh peers   the dispatcher's sweeps in three dtypes, then every
#     stage and peer in one process (bench/peers.py's default sweeps), at the session's last code
#   OUT=... bash results/h100/session36.run.sh gpu   test-gpu at the session's last commit: every case on
#     stages 08 and 11, the short-rows case on every stage; gpu2 the same after the launcher's
#     fall-back from pack_rows to the teams (a host-side change)
# Ran on one H100: small at fffd2fe, teams at 62af83a, packs at 97d3798, groups at 63ec391, staged at
# 85cebfa, final at 7413b4b, edges at 48f1ecf, sanitize at 4bd483f, peers at 31d58cc, gpu at dd04725,
# gpu2 at d40221c (each build.txt under results/h100/explore/session36/PART/ shows it as
# SOFTMAX_COMMIT). The parts' repeated steps became the helpers below after the last call; each
# part runs the same commands as it did then.
set -u
part=${1:-small}
. results/h100/device_build.sh  # the build, R, B, budget, run, sweeps, tests
nvidia-smi > $R/nvidia-smi.txt 2>&1
echo "host threads: $(nproc)"
# The peers on the sweep "small" beside stages 03, 08 and 11, until UNTIL seconds into the call.
peers_small() {
  GIT_DIR=/nonexistent timeout $(($1 - SECONDS)) python3 bench/peers.py --lib build/libsoftmax.so --dtypes f32,f16,bf16 \
    --sweeps small --impls torch,torch_compile,triton_fused,liger,step03,step08,step11 \
    --out $R/peers-$commit.json > $R/peers-$commit.txt 2>&1; echo "peers exit $? at ${SECONDS}s"; tail -n 40 $R/peers-$commit.txt
}
# The rules' choice (./step11 --plan) on "DTYPE M N" shapes, to $R/plan.txt.
plans() {
  local shape
  for shape in "$@"; do
    set -- $shape
    ./step11 --plan --dtype $1 --rows $2 --cols $3 2>&1 | grep -E "^ +$2 +$3 " | cut -c1-60
  done > $R/plan.txt; cat $R/plan.txt
}
# One of explore/session36/NAME.sh, until UNTIL seconds into the call, to $R/NAME.txt.
probe() {
  timeout $(($2 - SECONDS)) bash results/h100/explore/session36/$1.sh > $R/$1.txt 2>&1
  echo "$1 exit $? at ${SECONDS}s"; cat $R/$1.txt
}
case $part in
small)
  MID_UNTIL=$((200 - SECONDS)) timeout $((210 - SECONDS)) bash results/h100/explore/session34/mid.sh \
    results/h100/explore/session36/small-shapes.txt > $R/tune.txt 2>&1
  echo "tune exit $? at ${SECONDS}s"; grep -v "^ \+M " $R/tune.txt | cut -c1-150
  GIT_DIR=/nonexistent timeout $((590 - SECONDS)) python3 bench/peers.py --lib build/libsoftmax.so --dtypes f32,f16,bf16 \
    --sweeps small,models --impls torch,torch_compile,triton_fused,triton_online,liger,step03,step08,step11 \
    --out $R/peers-$commit.json > $R/peers-$commit.txt 2>&1; echo "peers exit $? at ${SECONDS}s"; tail -n 60 $R/peers-$commit.txt ;;
teams)
  plans "f32 1048576 1" "f32 1048576 4" "f32 524288 50" "f32 524288 64" "f32 524288 65" "f16 1048576 8"
  tests short "" 170 "*short rows*,*writes outside*"
  peers_small 400
  tests 08-11 08,11 $((590 - SECONDS)) "*" ;;
packs)
  tests 08-11 08,11 200 "*"
  peers_small 560 ;;
groups|staged)
  tests 08-11 08,11 200 "*"
  probe groups 330
  peers_small 590 ;;
final)
  plans "f32 1048576 1" "f32 1048576 10" "f32 524288 64" "f32 524288 65" "f16 1048576 3" "bf16 65536 500"
  tests short "" 300 "*short rows*,*writes outside*,*different amounts*" ;;
edges)
  tests 08-11 08,11 200 "*"
  probe edges 340
  peers_small 590 ;;
sanitize)
  probe sanitize 560 ;;
peers)
  sweeps step11
  GIT_DIR=/nonexistent timeout $((590 - SECONDS)) python3 bench/peers.py --lib build/libsoftmax.so --dtypes f32,f16,bf16 \
    --out $R/peers-$commit.json > $R/peers-$commit.txt 2>&1; echo "peers exit $? at ${SECONDS}s"; tail -n 12 $R/peers-$commit.txt ;;
gpu|gpu2)
  tests 08-11 08,11 300 "*"
  tests short "" $((590 - SECONDS)) "*short rows*" ;;
esac
