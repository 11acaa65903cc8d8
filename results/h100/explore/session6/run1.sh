#!/usr/bin/env bash
# explore call 1: timelines of stage 09 (explore09 build), exp-once, cooperative launch cost
set -u
R=$OUT/x1; mkdir -p $R
export LD_LIBRARY_PATH=.deps/lib
B=.bin/x/step09
nvidia-smi > $R/nvidia-smi.txt 2>&1
one() { tag=$1; shift; echo "== $tag $*" ; timeout 60 "$@" --iters 20 2>&1 | grep -E "timeline|round|^ +[0-9]+ +[0-9]+ +[a-z0-9]+ +[0-9.]+ |error|FAIL|check"; }
for s in "1 8388608" "4 4194304" "1 4194304" "8 8388608" "4 2097152" "2048 8192" "2048 65536"; do
  set -- $s
  STEP09_TIMELINE=10 one base-f32 $B --rows $1 --cols $2
  STEP09_TIMELINE=10 STEP09_ONCE=1 one once-f32 $B --rows $1 --cols $2
done 2>&1 | tee $R/timeline.txt
for s in "1 16777216" "4 8388608"; do set -- $s; STEP09_TIMELINE=10 one base-f16 $B --rows $1 --cols $2 --dtype f16; done 2>&1 | tee -a $R/timeline.txt
STEP09_FORCE_COOP=1 one forcecoop $B --rows 2048 --cols 8192 | tee -a $R/timeline.txt
STEP09_FORCE_COOP=1 one forcecoop $B --rows 2048 --cols 1024 | tee -a $R/timeline.txt
one normal $B --rows 2048 --cols 1024 | tee -a $R/timeline.txt
STEP09_ONCE=1 timeout 100 $B --iters 20 > $R/step09_once.txt 2>&1; echo "once sweep exit $?"
grep -E "^ +[0-9]+ +[0-9]+ +[a-z0-9]+ +[0-9.]+ " $R/step09_once.txt
echo "done at $SECONDS s"
