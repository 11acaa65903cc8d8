#!/usr/bin/env bash
# Device runs of the twenty-third session. Each call builds on the device first (device_build.sh:
# Google Benchmark and doctest carried in .deps, the commit in .commit), then runs one part; every
# output goes to $OUT/<part>.tgz.
#   OUT=... bash results/h100/session23.run.sh probe  fp32's register packs keep their exponentials
#     (common/row_cache.cuh): 9116f90's 08, 10 and 11 (.bin/base, built on the build machine)
#     against now, alternating processes (explore/session23/exps.sh); then test-gpu on 08 and 10
#     (the 585 s limit stopped it in the 2^31 case; every case before it passed)
#   OUT=... bash results/h100/session23.run.sh keep8  the exponentials kept only in blocks of at most
#     8 slices (explore/session23/keep8.patch, built here in /tmp/v2) beside kept everywhere and
#     9116f90's (explore/session23/keep8.sh); then the test-gpu cases on 08 and 10 that probe's
#     limit left
#   OUT=... bash results/h100/session23.run.sh pipes  stage 09 with k pipelines (explore/session23/
#     pipelines_k.patch, built here in /tmp/v3) on few rows of 64 MB (explore/session23/pipes.sh);
#     then every stage and peer in one process (bench/peers.py) with the exponentials kept in
#     blocks of up to 8 slices
#     k pipelines measured slower than one or two on every shape (pipes-3964737.txt); not adopted.
#   OUT=... bash results/h100/session23.run.sh final  every test-gpu case on stage 11, then 08's and
#     10's cases on corner shapes and special values, with the final kernels
#   OUT=... bash results/h100/session23.run.sh twostep  08's one-pass blocks and 10's wide CTAs reduce
#     in two cheap steps: b4f7432's 08, 10 and 11 (.bin/base2) against now (explore/session23/
#     twostep.sh); test-gpu on 08, 10 and 11's quick cases; then every stage and peer in one process
set -u
part=${1:-probe}
. results/h100/device_build.sh  # the build, R, B, budget, run, sweeps, tests
case $part in
probe)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  BASE=.bin/base NEW=. timeout 300 bash results/h100/explore/session23/exps.sh > $R/exps.txt 2>&1
  echo "exps exit $? at ${SECONDS}s"; cat $R/exps.txt
  tests 08-10 08,10 $((585 - SECONDS)) "*" ;;
keep8)
  mkdir -p /tmp/v2 && tar --exclude=./build --exclude=./.bin -cf - . | tar xf - -C /tmp/v2
  (cd /tmp/v2 && { patch -s -p1 < results/h100/explore/session23/keep8.patch || git apply results/h100/explore/session23/keep8.patch; } \
    && grep -q "SMEM <= kWideSmem;" common/row_cache.cuh && make -s -j16 --no-print-directory DEPS=$OLDPWD/$DEPS ARCH=sm_90 BUILD=/tmp/v2b step08 step10) > $R/keep8-build.txt 2>&1
  echo "keep8 build exit $? at ${SECONDS}s"
  BASE=.bin/base NEW=. KEEP8=/tmp/v2 timeout 280 bash results/h100/explore/session23/keep8.sh > $R/keep8.txt 2>&1
  echo "keep8 exit $? at ${SECONDS}s"; cat $R/keep8.txt
  tests 08-10-rest 08,10 $((585 - SECONDS)) "*2^31*,*longer than the chip*,*row stride*,*occupancy calculator*,*running a stage again*,*StreamScratch*,*two streams*,*checks catch*" ;;
pipes)
  mkdir -p /tmp/v3 && tar --exclude=./build --exclude=./.bin -cf - . | tar xf - -C /tmp/v3
  (cd /tmp/v3 && { patch -s -p1 < results/h100/explore/session23/pipelines_k.patch || git apply results/h100/explore/session23/pipelines_k.patch; } \
    && grep -q "kMaxPipelines" steps/09_cooperative.cu && make -s -j16 --no-print-directory DEPS=$OLDPWD/$DEPS ARCH=sm_90 BUILD=/tmp/v3b step09) > $R/pipes-build.txt 2>&1
  echo "pipes build exit $? at ${SECONDS}s"
  (cd /tmp/v3 && timeout 300 bash results/h100/explore/session23/pipes.sh) > $R/pipes.txt 2>&1
  echo "pipes exit $? at ${SECONDS}s"; cat $R/pipes.txt
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  GIT_DIR=/nonexistent timeout $((590 - SECONDS)) python3 bench/peers.py --lib build/libsoftmax.so --dtypes f32,f16,bf16 \
    --out $R/peers-$commit.json > $R/peers-$commit.txt 2>&1; echo "peers exit $? at ${SECONDS}s"; tail -n 12 $R/peers-$commit.txt ;;
twostep)
  BASE=.bin/base2 NEW=. timeout 200 bash results/h100/explore/session23/twostep.sh > $R/twostep.txt 2>&1
  echo "twostep exit $? at ${SECONDS}s"; cat $R/twostep.txt
  tests 08-10-11 08,10,11 120 "*corner shapes*,*huge values*,*convention on NaN*,*not 16-byte aligned*,*at each of stage 08's cache capacities*,*rows of 96 KB to 2 MB*"
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  GIT_DIR=/nonexistent timeout $((590 - SECONDS)) python3 bench/peers.py --lib build/libsoftmax.so --dtypes f32,f16,bf16 \
    --out $R/peers-$commit.json > $R/peers-$commit.txt 2>&1; echo "peers exit $? at ${SECONDS}s"; tail -n 4 $R/peers-$commit.txt ;;
final)
  tests 11 11 470 "*"
  tests 08-10-corners 08,10 $((585 - SECONDS)) "*corner shapes*,*huge values*,*NaN, +inf*,*not 16-byte aligned*,*each of stage 08's cache capacities*" ;;
esac
