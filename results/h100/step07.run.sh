#!/usr/bin/env bash
# The device run behind results/h100/step06.{json,txt,extra.txt} and step07.{json,txt,exp.txt,extra.txt}
# (H100 80GB HBM3, 2026-11-22 06:12 UTC, commit 507b872 + the uncommitted stage 06/07 files):
# build, validate, the default sweeps, variant (b) of stage 07, the knobs' experiments, then ncu
# DRAM byte counts (clocks and caches left alone). Run from the repository root; OUT=folder.
set -u
OUT=${OUT:-/tmp/out}
make -j16 DEPS=.deps step06 step07 > $OUT/build.txt 2>&1 || { tail -30 $OUT/build.txt; exit 1; }
mkdir -p m; cp build/step0[67].ptxas.txt m/
B="--iters 30 --benchmark_out_format=json"
(./step06 --check && ./step06 $B --benchmark_out=m/step06.json) > m/step06.txt 2>&1
(./step07 --check && ./step07 --rows 5 --cols 1000003 --check && ./step07 --rows 1 --cols 67108864 --check && ./step07 $B --benchmark_out=m/step07.json) > m/step07.txt 2>&1
(export STEP07_VARIANT=exp; ./step07 --check && ./step07 --rows 5 --cols 1000003 --check && ./step07 $B --benchmark_out=m/step07b.json) > m/step07b.txt 2>&1
tar cf $OUT/main.tar m
A=$OUT/ablate.txt
r() { echo "== $*" >> $A; env "$@" --iters 30 >> $A 2>&1; }
for n in 32768 65536 131072; do r STEP06_ROWS_PER_SM=2 ./step06 --rows 2048 --cols $n; done
r STEP06_PASS2=forward ./step06 --rows 2048 --cols 65536
r STEP07_ORDER=forward ./step07 --rows 4 --cols 2097152
r STEP07_ORDER=forward ./step07 --rows 1 --cols 67108864
r STEP07_PDL=0 ./step07 --rows 4 --cols 1048576
D=$OUT/diag.txt; command -v ncu >> $D 2>&1 || exit 0
nc() { echo "== $*" >> $D; timeout 60 env "$@" --iters 2 >> $D 2>&1; }
Q="ncu --clock-control none --cache-control none --metrics dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum"
K="-k regex:chunk_ --launch-skip 8 --launch-count 2 ./step07"
T="-k regex:twopass --launch-skip 4 --launch-count 1 ./step06 --rows 2048"
nc $Q $K --rows 4 --cols 2097152
nc $Q $K --rows 1 --cols 67108864
nc $Q $T --cols 32768
nc STEP06_ROWS_PER_SM=2 $Q $T --cols 32768
nc $Q $T --cols 262144
