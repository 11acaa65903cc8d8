#!/usr/bin/env bash
# Probe (thirteenth session): RowCache's summary taken pack by pack as the loads land
# (summary_as_landed) against the summary after the last load (summary), in every kernel built on
# RowCache: stage 10's wide clusters, stage 08's wide kernels (1024 and 512 threads) and its
# register and shared-memory one-pass kernels. BASE holds binaries built from the commit before the
# change, NEW the changed ones; each shape runs base, new, base, new (the second pair is the noise).
# PROBE=1 (landed1.txt): every pack folded as it lands, registers too. PROBE=2 (landed2.txt): the
# slices so, then the registers' max and sum (the committed form); the kernels that change, the
# forced medium and extreme one-pass kernels, and a register kernel as a control.
# PROBE=3 (landed3.txt): the slices' cp.async groups capped at 8 (the extreme kernel's 56).
# PROBE=4 (landed4.txt): the wide block as 4 packs in registers and 12 slices, against 8 + 8.
# Usage: PROBE=1|2|3|4 BASE=dir NEW=dir bash landed.sh > landed<PROBE>.txt
BASE=${BASE:-.bin}; NEW=${NEW:-.}
. "$(dirname "$0")/../probe.sh"  # row, ab
one() { ab "$@"; }  # label dtype M N env... binary-name
check() {  # label env binary-name, then "dtype M N" strings: the NEW binary's --check, each shape
  local label=$1 knob=$2 bin=$3 s; shift 3
  for s in "$@"; do
    set -- $s
    echo "check $label$s: $(env $knob timeout 60 $NEW/$bin --dtype $1 --rows $2 --cols $3 --check 2>&1 | tail -n 1)"
  done
}
clusters() {  # stage 10's wide clusters (2, 4, 8 CTAs of 256 KB) at 2048 rows, then 512 rows of fp16
  local t n ns
  for t in f16 bf16 f32; do
    if [ $t = f32 ]; then ns="131072 262144 524288"; else ns="262144 524288"; fi
    for n in $ns; do one wide10 $t 2048 $n STEP10_FORM=wide step10; done
  done
  one wide10 f16 512 262144 STEP10_FORM=wide step10
}
if [ ${PROBE:-1} = 4 ]; then  # the wide block as 4 packs in registers + 12 slices (BASE: 67a490b, 8 + 8)
  for n in 262144 524288; do one wide10 f16 2048 $n STEP10_FORM=wide step10; done
  one wide10 bf16 2048 262144 STEP10_FORM=wide step10
  for n in 131072 262144 524288; do one wide10 f32 2048 $n STEP10_FORM=wide step10; done
  one wide08 f16 2048 131072 STEP08_PATH=wide step08
  one wide08 bf16 2048 131072 STEP08_PATH=wide step08
  one wide08 f32 2048 65536 STEP08_PATH=wide step08
  one wide08 f16 2048 65536 STEP08_PATH=wide step08
  one wide08 f32 2048 24576 STEP08_PATH=wide step08
  check "wide10 " STEP10_FORM=wide step10 "f16 3 262152" "bf16 5 524296" "f32 7 131076" "f32 1 4"
  check "wide08 " STEP08_PATH=wide step08 "f16 3 131072" "bf16 5 100008" "f32 7 65536" "f16 2049 131064" "f32 3 24580"
  exit 0
fi
if [ ${PROBE:-1} = 3 ]; then  # the slices' groups capped at 8
  one extreme08 f32 1024 98304 STEP08_PATH=extreme step08
  one extreme08 f16 1024 196608 STEP08_PATH=extreme step08
  one medium08 f32 4096 16384 STEP08_PATH=medium step08
  one wide10 f16 2048 262144 STEP10_FORM=wide step10
  check "extreme " STEP08_PATH=extreme step08 "f32 3 98308" "bf16 2 196600"
  exit 0
fi
clusters
if [ ${PROBE:-1} = 1 ]; then
# stage 08's wide kernels: 1024 threads (256 KB rows), 512 threads (rows of 64-128 KB)
one wide08 f32 2048 65536 STEP08_PATH=wide step08
one wide08 f16 2048 131072 STEP08_PATH=wide step08
one wide08 bf16 2048 131072 STEP08_PATH=wide step08
one wide08 f16 2048 49152 STEP08_PATH=wide step08
one wide08 f32 2048 24576 STEP08_PATH=wide step08
# stage 08's default choice: register kernels (small rows), shared-memory ones
for s in "f32 65536 1024" "f32 16384 4096" "f32 4096 16384" "f32 2048 32768" \
         "f16 32768 4096" "f16 8192 16384" "f16 2048 65536" "bf16 4096 32768"; do
  set -- $s
  one auto08 $1 $2 $3 X=1 step08
done
else
one wide08 f32 2048 65536 STEP08_PATH=wide step08
one wide08 f16 2048 131072 STEP08_PATH=wide step08
one wide08 bf16 2048 131072 STEP08_PATH=wide step08
one wide08 f16 2048 49152 STEP08_PATH=wide step08
one wide08 bf16 2048 49152 STEP08_PATH=wide step08
one wide08 f32 2048 24576 STEP08_PATH=wide step08
one wide08 f32 2048 32768 STEP08_PATH=wide step08
one medium08 f16 4096 32768 STEP08_PATH=medium step08
one medium08 f32 4096 16384 STEP08_PATH=medium step08
one extreme08 f32 1024 98304 STEP08_PATH=extreme step08
one extreme08 f16 1024 196608 STEP08_PATH=extreme step08
one auto08 f16 2048 65536 X=1 step08
fi
# checks (double reference, poisoned output)
check "wide10 " STEP10_FORM=wide step10 "f16 3 262152" "bf16 5 524296" "f32 7 131076" "f32 2 1048580" "f32 1 4"
check "wide08 " STEP08_PATH=wide step08 "f16 3 131072" "bf16 5 100008" "f32 7 65536" "f32 1 4" "f16 2049 131064" "f32 3 24580"
[ ${PROBE:-1} = 1 ] && exit 0
check "medium " STEP08_PATH=medium step08 "f16 3 32760" "f32 5 16380"
check "extreme " STEP08_PATH=extreme step08 "f32 3 98308" "bf16 2 196600"
