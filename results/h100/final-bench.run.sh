#!/usr/bin/env bash
# The final benchmark runs of this session, in parts that fit one device call each:
#   results/h100/final-bench.run.sh a   stage 09 (f32) and stage 10 (f32, f16, bf16) sweeps
#   results/h100/final-bench.run.sh b   stage 11, the dispatcher (f32, f16, bf16) sweeps and --plan
# OUT=folder (gets bench-<part>.tgz), DEPS=prefix of Google Benchmark. 30 timed iterations per shape.
set -u
OUT=${OUT:-/tmp/out}
part=${1:-a}
R=bench-$part; mkdir -p $R
trap 'tar czf $OUT/$R.tgz $R' EXIT
B="--iters 30 --benchmark_out_format=json"
run() { out=$1; shift; timeout 240 "$@" $B --benchmark_out=$R/$out.json > $R/$out.txt 2>&1; echo "$out exit $?"; tail -n 20 $R/$out.txt | grep -E "^ +[0-9]+ +[0-9]+ "; }
if [ "$part" = a ]; then
  make -j16 ${DEPS:+DEPS=$DEPS} step09 step10 > $R/build.txt 2>&1 || { tail -20 $R/build.txt; exit 1; }
  run step09 ./step09
  run step10 ./step10
  run step10_f16 ./step10 --dtype f16
  run step10_bf16 ./step10 --dtype bf16
else
  make -j16 ${DEPS:+DEPS=$DEPS} step11 > $R/build.txt 2>&1 || { tail -20 $R/build.txt; exit 1; }
  for t in f32 f16 bf16; do ./step11 --plan --dtype $t >> $R/step11_plan.txt 2>&1; done
  run step11 ./step11
  run step11_f16 ./step11 --dtype f16
  run step11_bf16 ./step11 --dtype bf16
fi
