#!/usr/bin/env bash
# The final device run of this session's stages (09 new plan, 10, 11) and the GPU tests.
# Run from the repository root on the GPU machine: OUT=folder, DEPS=prefix of Google Benchmark
# and doctest. Writes r/ (test log, sanitizer log, Google Benchmark JSON and text) tarred to $OUT.
set -u
OUT=${OUT:-/tmp/out}
R=r; mkdir -p $R
make -j16 ${DEPS:+DEPS=$DEPS} all build/test_gpu > $R/build.txt 2>&1 || { tail -30 $R/build.txt; exit 1; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv > $R/nvidia-smi.txt
echo "== test-gpu"; build/test_gpu > $R/test-gpu.txt 2>&1; echo "test-gpu exit $?"
grep -E "FAIL|test cases|assertions" $R/test-gpu.txt | tail -8
echo "== sanitize 10 11"; sh tests/sanitize.sh step10 step11 > $R/sanitize-10-11.txt 2>&1; echo "sanitize exit $?"; tail -3 $R/sanitize-10-11.txt
B="--benchmark_out_format=json"
run() { out=$1; shift; "$@" $B --benchmark_out=$R/$out.json > $R/$out.txt 2>&1; echo "$out exit $?"; }
run step07 ./step07
run step09 ./step09
run step10 ./step10
run step10_f16 ./step10 --dtype f16
run step10_bf16 ./step10 --dtype bf16
run step11 ./step11
run step11_f16 ./step11 --dtype f16
run step11_bf16 ./step11 --dtype bf16
./step11 --plan > $R/step11_plan.txt 2>&1
for t in f16 bf16; do ./step11 --plan --dtype $t >> $R/step11_plan.txt 2>&1; done
tar czf $OUT/final.tgz $R
for f in step09 step10 step11 step11_f16; do tail -n 32 $R/$f.txt | grep -E "^ +[0-9]"; done
