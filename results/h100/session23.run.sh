#!/usr/bin/env bash
# Device runs of the twenty-third session. Each call builds on the device first (device_build.sh:
# Google Benchmark and doctest carried in .deps, the commit in .commit), then runs one part; every
# output goes to $OUT/<part>.tgz.
#   OUT=... bash results/h100/session23.run.sh probe  fp32's register packs keep their exponentials
#     (common/row_cache.cuh): 9116f90's 08, 10 and 11 (.bin/base, built on the build machine)
#     against now, alternating processes (explore/session23/exps.sh); then test-gpu on 08 and 10
set -u
part=${1:-probe}
. results/h100/device_build.sh  # the build, R, B, budget, run, sweeps, tests
case $part in
probe)
  nvidia-smi > $R/nvidia-smi.txt 2>&1
  BASE=.bin/base NEW=. timeout 300 bash results/h100/explore/session23/exps.sh > $R/exps.txt 2>&1
  echo "exps exit $? at ${SECONDS}s"; cat $R/exps.txt
  tests 08-10 08,10 $((585 - SECONDS)) "*" ;;
esac
