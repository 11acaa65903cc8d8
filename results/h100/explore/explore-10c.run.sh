#!/usr/bin/env bash
# Third exploratory run (2026-11-22, third session): where stage 10's 14 points go. The same
# cluster-per-row kernel with the part loaded three ways: bulk copies into shared memory (smem,
# the committed stage), every thread copying 16-byte packs into shared memory (lsu), and the part
# held in registers by 512-thread CTAs (regs, STEP10_PACKS packs per thread). OUT=folder.
set -u
OUT=${OUT:-/tmp/out}
mkdir -p m
make -j16 DEPS=.deps step04 step08 step10 > m/build.txt 2>&1 || { tail -30 m/build.txt; exit 1; }
# correctness of the variants: odd shapes, forced cluster sizes, strided rows, all dtypes
for t in f32 f16 bf16; do
  for v in "STEP10_KERNEL=lsu" "STEP10_KERNEL=regs STEP10_PACKS=4" "STEP10_KERNEL=regs STEP10_PACKS=8" "STEP10_KERNEL=regs STEP10_PACKS=16"; do
    for s in "1 1" "3 7" "5 1000003" "65 262147" "9 33" "1 16385" "1000 3001" "300 65537"; do set -- $s
      env $v ./step10 --dtype $t --rows $1 --cols $2 --check; done
    for c in 1 2 4 8 16; do env $v STEP10_CLUSTER=$c ./step10 --dtype $t --rows 37 --cols 10003 --check; done
    env $v ./step10 --dtype $t --rows 33 --cols 5001 --ld 5007 --check
  done > m/check_$t.txt 2>&1
done
grep -c "ok " m/check_*.txt; grep -c FAIL m/check_*.txt; grep -h -B2 -i "fail\|error" m/check_*.txt | head
A=m/variants.txt
for s in "2048 8192" "2048 16384" "2048 32768" "2048 65536" "2048 131072" "2048 262144" "256 131072"; do set -- $s
  for v in "STEP10_KERNEL=smem" "STEP10_KERNEL=lsu" "STEP10_KERNEL=regs STEP10_PACKS=4" "STEP10_KERNEL=regs STEP10_PACKS=8" "STEP10_KERNEL=regs STEP10_PACKS=16"; do
    echo "== $v M=$1 N=$2" >> $A; env $v timeout 60 ./step10 --rows $1 --cols $2 --iters 30 >> $A 2>&1; done
  [ $2 -le 32768 ] && { echo "== step08 M=$1 N=$2" >> $A; ./step08 --rows $1 --cols $2 --iters 30 >> $A 2>&1; }
done
for t in f16 bf16; do for s in "2048 16384" "2048 65536" "2048 131072" "2048 262144"; do set -- $s
  for v in "STEP10_KERNEL=smem" "STEP10_KERNEL=regs STEP10_PACKS=8" "STEP10_KERNEL=regs STEP10_PACKS=16"; do
    echo "== $v $t M=$1 N=$2" >> $A; env $v timeout 60 ./step10 --dtype $t --rows $1 --cols $2 --iters 30 >> $A 2>&1; done
  echo "== step08 $t M=$1 N=$2" >> $A; ./step08 --dtype $t --rows $1 --cols $2 --iters 30 >> $A 2>&1
done; done
grep -E "^==|  (f32|f16|bf16)  " $A | grep -v check | awk '/^==/{h=$0; next} {print h " | " $0}'
cp m/variants.txt m/check_f32.txt $OUT/ 2>/dev/null
tar czf $OUT/explore3.tgz m
