#!/usr/bin/env bash
# Second device run: stage 10 persistent + double-buffered (checks, f32/f16 sweeps, cluster size
# and buffer count forced), stage 09's new plan beside stage 07 at M = 4. OUT=folder.
set -u
OUT=${OUT:-/tmp/out}
mkdir -p m
make -j16 DEPS=.deps step04 step07 step09 step10 > m/build.txt 2>&1 || { tail -30 m/build.txt; exit 1; }
for t in f32 f16 bf16; do
  (./step10 --dtype $t --check
   for s in "1 1" "3 7" "5 1000003" "2 4194301" "65 262147" "9 33" "1 16385" "1000 3001" "300 65537"; do set -- $s; ./step10 --dtype $t --rows $1 --cols $2 --check; done
   for c in 1 2 4 8 16; do STEP10_CLUSTER=$c ./step10 --dtype $t --rows 37 --cols 100003 --check; STEP10_CLUSTER=$c STEP10_BUFFERS=1 ./step10 --dtype $t --rows 37 --cols 100003 --check; done
  ) > m/step10_check_$t.txt 2>&1
done
grep -c FAIL m/step10_check_*.txt; grep -h -B2 FAIL m/step10_check_*.txt | head
B="--iters 30 --benchmark_out_format=json"
./step10 $B --benchmark_out=m/step10.json > m/step10.txt 2>&1; tail -16 m/step10.txt
./step10 --dtype f16 $B --benchmark_out=m/step10_f16.json > m/step10_f16.txt 2>&1; tail -15 m/step10_f16.txt
./step04 --rows 2048 --cols 8192 --iters 30 | tail -2
A=m/step10_knobs.txt
for v in "STEP10_BUFFERS=1" "STEP10_CLUSTER=1" "STEP10_CLUSTER=2" "STEP10_CLUSTER=4" "STEP10_CLUSTER=8" "STEP10_CLUSTER=16"; do
  for s in "2048 8192" "2048 32768" "2048 131072" "256 131072" "64 524288"; do set -- $s
  echo "== $v M=$1 N=$2" >> $A; env $v ./step10 --rows $1 --cols $2 --iters 30 >> $A 2>&1; done; done
grep -E "^==|  f32  " $A | awk '/^==/{h=$0; next} {print h " | " $0}'
C=m/step09_plan.txt
for n in 4096 16384 65536 131072 262144 524288 1048576 2097152; do
  echo "== step07 M=4 N=$n" >> $C; ./step07 --rows 4 --cols $n --iters 100 >> $C 2>&1
  echo "== step09 M=4 N=$n" >> $C; ./step09 --rows 4 --cols $n --iters 100 >> $C 2>&1
done
grep -E "^==|  f32  " $C | awk '/^==/{h=$0; next} {print h " | " $0}'
tar czf $OUT/explore2.tgz m
