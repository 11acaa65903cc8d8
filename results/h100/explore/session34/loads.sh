#!/usr/bin/env bash
# Thirty-fourth session: does the kind of 16-byte load change stage 08's one-pass blocks?
# Triton's fused kernel, compiled here for sm_90 (Triton 3.6.0, 16 warps, BLOCK 16384, fp32),
# loads with plain LDG.E.128; ours (packs.cuh's fetch_pack on a const __restrict__ pointer) with
# LDG.E.128.CONSTANT. Three variants of fetch_pack, each a copy of the tree with that one line
# changed, stage 08 built in each:
#   B  ld.global.v4.u32                       LDG.E.128 (Triton's)
#   C  ld.global.L1::no_allocate.v4.u32       LDG.E.NA.128
#   D  ld.global.nc.L1::no_allocate.v4.u32    LDG.E.NA.128.CONSTANT
# Then each shape in base, B, C, D, twice over, each its own process, 30 iterations (the second
# round is the noise); "µs %" with % of the copy timed in the same process.
# Run from the repository root after the base build (device_build.sh); DEPS and commit from it.
. "$(dirname "$0")/../probe.sh"  # row
line=$(grep -n "^__device__ __forceinline__ uint4 fetch_pack(const uint4\* src, int v)" common/packs.cuh | cut -d: -f1)
[ -n "$line" ] || { echo "fetch_pack line not found"; exit 1; }
for v in B C D; do
  case $v in B) ins="ld.global.v4.u32";; C) ins="ld.global.L1::no_allocate.v4.u32";;
             D) ins="ld.global.nc.L1::no_allocate.v4.u32";; esac
  rm -rf /tmp/v$v && mkdir -p /tmp/v$v && tar --exclude=./.bin -cf - . | tar xf - -C /tmp/v$v
  sed -i "${line}s|.*|__device__ __forceinline__ uint4 fetch_pack(const uint4* src, int v) { uint4 p; asm(\"$ins {%0, %1, %2, %3}, [%4];\" : \"=r\"(p.x), \"=r\"(p.y), \"=r\"(p.z), \"=r\"(p.w) : \"l\"(src + v)); return p; }|" /tmp/v$v/common/packs.cuh
  (cd /tmp/v$v && make -j8 --no-print-directory DEPS=$OLDPWD/$DEPS ARCH=sm_90 COMMIT=$commit-load$v step08 > build-$v.txt 2>&1; echo "build $v exit $?") &
done
wait
echo "built variants at ${SECONDS}s"
for v in B C D; do sed -n "${line}p" /tmp/v$v/common/packs.cuh | cut -c1-150; done
while read -r t m n; do
  out="$t $m x $n (base | B | C | D, twice):"
  for rep in 1 2; do
    for dir in . /tmp/vB /tmp/vC /tmp/vD; do
      [ $SECONDS -lt ${PROBE_UNTIL:-400} ] || { echo "$out | (time)"; exit 0; }
      r=$(timeout 60 $dir/step08 --dtype $t --rows $m --cols $n --iters 30 2>&1)
      out="$out | $(row "$r" $m $n)"
    done
  done
  echo "$out"
done <<'SHAPES'
f32 2048 16384
f16 2048 1024
f32 2048 12288
f32 128 1024
f16 128 1024
f16 2048 32768
f32 2048 65536
f32 8 16384
SHAPES
