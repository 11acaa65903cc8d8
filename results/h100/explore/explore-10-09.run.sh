#!/usr/bin/env bash
# First device run of stage 10 and the stage 09 grid-size experiment (issue 4). Run from the
# repository root on the GPU machine; OUT=folder. Writes m/ (logs, JSON) tarred into $OUT.
set -u
OUT=${OUT:-/tmp/out}
mkdir -p m
make -j16 DEPS=.deps step07 step09 step10 > m/build.txt 2>&1 || { tail -30 m/build.txt; exit 1; }
cuobjdump --dump-sass step10 | grep -oE "UBLKCP[.A-Z0-9]*|SYNCS[.A-Z0-9]*|STG\.E\.128|LDS\.128|UCGABAR[_A-Z]*|LDL|STL" | sort | uniq -c > m/step10.sass.txt 2>&1
B="--iters 30 --benchmark_out_format=json"
# Stage 10: corner checks in every dtype, strided-free odd shapes, then the sweeps.
for t in f32 f16 bf16; do
  (./step10 --dtype $t --check
   for s in "1 1" "3 7" "5 1000003" "2 4194301" "65 262147" "9 33" "1 16385"; do set -- $s; ./step10 --dtype $t --rows $1 --cols $2 --check; done
  ) > m/step10_check_$t.txt 2>&1
done
grep -c FAIL m/step10_check_*.txt
./step10 $B --benchmark_out=m/step10.json > m/step10.txt 2>&1; tail -25 m/step10.txt
./step10 --dtype f16 $B --benchmark_out=m/step10_f16.json > m/step10_f16.txt 2>&1; tail -20 m/step10_f16.txt
./step10 --dtype bf16 $B --benchmark_out=m/step10_bf16.json > m/step10_bf16.txt 2>&1
# Stage 10: the cluster size, forced.
A=m/step10_cluster.txt
for c in 1 2 4 8 16; do for s in "2048 8192" "2048 32768" "256 131072" "64 524288"; do set -- $s
  echo "== STEP10_CLUSTER=$c M=$1 N=$2" >> $A; STEP10_CLUSTER=$c ./step10 --rows $1 --cols $2 --iters 30 >> $A 2>&1; done; done
# Stage 09 (issue 4): the smallest chunk decides the grid; stage 07 on the same shapes, same run.
C=m/step09_chunks.txt
for n in 4096 16384 65536 131072 262144 524288 1048576 2097152; do
  echo "== step07 M=4 N=$n" >> $C; ./step07 --rows 4 --cols $n --iters 100 >> $C 2>&1
  for k in 2048 4096 8192 16384; do echo "== STEP09_MIN_CHUNK=$k M=4 N=$n" >> $C; STEP09_MIN_CHUNK=$k ./step09 --rows 4 --cols $n --iters 100 >> $C 2>&1; done
done
tar czf $OUT/explore.tgz m
grep -E "^== |M=.*N=" $C | grep -vE "check" | head -0
