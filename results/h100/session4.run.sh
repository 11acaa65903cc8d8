#!/usr/bin/env bash
# Device runs of the fourth session (stage 08's warp per row and its few-rows configuration; the
# dispatcher against the peers again), in parts that fit one device call each. OUT=folder (gets
# <part>.tgz), DEPS=prefix of Google Benchmark and doctest, COMMIT=the commit built: write the hash
# into the command from the machine that made the commit (the device copy's git metadata is stale,
# results/h100/session4.md), e.g. COMMIT=1a2b3c4 DEPS=.deps bash results/h100/session4.run.sh tests
#   results/h100/session4.run.sh paths   stage 08's tests, then its paths forced one by one on the
#                                        short-row and few-row shapes (stages 03 and 04 beside them)
#   results/h100/session4.run.sh tests   make test-gpu, every stage          } not run: this session's
#   results/h100/session4.run.sh bench   stage 08 and 11 sweeps, every dtype } device time ran out;
#   results/h100/session4.run.sh peers   bench/peers.py, stages 08-11 + peers } one call each
set -u
OUT=${OUT:-/tmp/out}
part=${1:-paths}
R=$part; mkdir -p $R
trap 'tar czf $OUT/$R.tgz $R' EXIT
M="make -j16 ${DEPS:+DEPS=$DEPS} ${COMMIT:+COMMIT=$COMMIT}"
B="--iters 30 --benchmark_out_format=json"
run() { out=$1; shift; timeout 200 "$@" $B --benchmark_out=$R/$out.json > $R/$out.txt 2>&1; echo "$out exit $?"; grep -E "^ +[0-9]+ +[0-9]+ +[a-z0-9]+ +[0-9.]+ " $R/$out.txt | tail -n 40; }
# One shape under one setting: the table line, prefixed with the setting.
one() { label=$1; shift; echo "$label $(timeout 60 "$@" --iters 30 2>&1 | grep -E "^ +[0-9]+ +[0-9]+ +[a-z0-9]+ +[0-9.]+ " | tail -n 1)"; }
case $part in
paths)
  $M $(ls steps/*.cu | sed 's|steps/\([0-9][0-9]\)_.*|step\1|') build/test_gpu > $R/build.txt 2>&1 || { tail -20 $R/build.txt; exit 1; }
  SOFTMAX_TEST_STAGES=08 timeout 300 build/test_gpu > $R/test-gpu-08.txt 2>&1; echo "test-gpu 08 exit $?"; tail -n 4 $R/test-gpu-08.txt
  A=$R/step08_paths.txt
  for t in f32 f16; do  # bf16 follows f16 in every sweep so far
    for s in "2048 1024" "2048 2048" "2048 4096" "2048 8192" "128 1024" "2048 16384"; do set -- $s
      for p in warp register twopass; do one "08 $p" env STEP08_PATH=$p ./step08 --dtype $t --rows $1 --cols $2; done
      one "08 auto" ./step08 --dtype $t --rows $1 --cols $2
      [ $t = f32 ] && { one "03" ./step03 --rows $1 --cols $2; one "04" ./step04 --rows $1 --cols $2; }
    done
    for s in "4 16384" "4 32768" "4 65536" "4 131072" "4 262144" "1 65536"; do set -- $s
      for p in register medium extreme twopass splitk; do one "08 $p" env STEP08_PATH=$p ./step08 --dtype $t --rows $1 --cols $2; done
      one "08 auto" ./step08 --dtype $t --rows $1 --cols $2
      [ $t = f32 ] && one "04" ./step04 --rows $1 --cols $2
      one "10" ./step10 --dtype $t --rows $1 --cols $2
    done
  done > $A 2>&1
  cat $A ;;
tests)
  $M $(ls steps/*.cu | sed 's|steps/\([0-9][0-9]\)_.*|step\1|') build/test_gpu > $R/build.txt 2>&1 || { tail -20 $R/build.txt; exit 1; }
  timeout 540 build/test_gpu > $R/test-gpu.txt 2>&1; echo "test-gpu exit $?"; tail -n 4 $R/test-gpu.txt ;;
bench)
  $M step08 step11 > $R/build.txt 2>&1 || { tail -20 $R/build.txt; exit 1; }
  run step08 ./step08
  run step08_f16 ./step08 --dtype f16
  run step08_bf16 ./step08 --dtype bf16
  for t in f32 f16 bf16; do ./step11 --plan --dtype $t >> $R/step11_plan.txt 2>&1; done
  run step11 ./step11
  run step11_f16 ./step11 --dtype f16
  run step11_bf16 ./step11 --dtype bf16 ;;
peers)  # the same run as the third session's, on this commit
  exec bash results/h100/session3.run.sh peers ;;
esac
