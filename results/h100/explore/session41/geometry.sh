#!/usr/bin/env bash
# Forty-first session: the geometry of stage 08's teams for rows of 2-8 KB in many rows.
# fp16 2048 x 1024 (08's team of 4 warps x 1 pack, 2048 blocks of 128 threads: Triton's fused
# kernel's geometry) has trailed Triton's kernel by about 1% in every full peers run since e0ae281.
# The SASS of the two (geometry_sass.txt, no GPU) differ in the reductions' second level and the
# loads' address arithmetic, not in what reaches memory. Variants, each a copy of the tree with
# one patch of this folder, stage 08 built in each:
#   g1  g1-two-rows.patch    teams of 128 lanes two to a block of 256 threads (half the blocks)
#   g2  g2-half-warps.patch  rows of 513-1024 halves (257-512 floats) on teams of 2 warps x 2 packs,
#                            two rows a block of 128 threads
#   g3  g3-one-warp.patch    the same rows on one warp x 4 packs, four rows a block
#                            (torch.compile's geometry at 2048 x 1024: a warp a row)
# Then ROUNDS rounds; in each, each shape under base, g1, g2, g3 (the order rotated each round),
# each its own process, 30 iterations: "raw DTYPE M N VARIANT us %", then per shape the mean and
# the values. Run from the repository root after the base build (device_build.sh). With
# BUILD_ONLY=1 it builds the variants and stops; with RUN_ONLY=1 it times variants already built.
. "$(dirname "$0")/../probe.sh"  # row
here=$(dirname "$0")
ROUNDS=${ROUNDS:-3}
build() {  # build NAME PATCH...: a copy of the tree with the patches, step08 built in it
  local name=$1; shift
  rm -rf /tmp/$name && mkdir -p /tmp/$name && tar --exclude=./.bin --exclude=./build --exclude="./$R" -cf - . | tar xf - -C /tmp/$name
  local p; for p in "$@"; do (cd /tmp/$name && patch -p1 -s < $OLDPWD/$here/$p) || echo "patch $p failed in $name"; done
  (cd /tmp/$name && make -j4 --no-print-directory DEPS=$OLDPWD/$DEPS ARCH=sm_90 COMMIT=$commit-$name step08 > build.txt 2>&1; echo "build $name exit $?")
}
if [ -z "${RUN_ONLY:-}" ]; then
  build g1 g1-two-rows.patch & build g2 g2-half-warps.patch & build g3 g3-one-warp.patch &
  wait
  echo "built variants at ${SECONDS}s"
  [ -n "${BUILD_ONLY:-}" ] && exit 0
fi
names=(base g1 g2 g3); dirs=(. /tmp/g1 /tmp/g2 /tmp/g3)
shapes=$(cat <<'SHAPES'
f16 2048 1024
bf16 2048 1024
f32 2048 1024
f32 2048 512
f32 2048 2048
f16 2048 2048
f16 8192 1024
f32 2048 4096
f16 128 1024
f32 128 1024
SHAPES
)
for ((round = 0; round < ROUNDS; ++round)); do
  while read -r t m n; do
    for ((j = 0; j < 4; ++j)); do
      k=$(((j + round) % 4))
      [ $SECONDS -lt ${PROBE_UNTIL:-420} ] || break 3
      r=$(timeout 60 ${dirs[$k]}/step08 --dtype $t --rows $m --cols $n --iters 30 2>&1)
      echo "raw $t $m $n ${names[$k]} $(row "$r" $m $n)"
    done
  done <<< "$shapes"
done > /tmp/geometry_raw.txt
cat /tmp/geometry_raw.txt
echo "summary (mean us over rounds: values)"
awk '$1 == "raw" { k = $2 " " $3 " x " $4; v = $5; s[k, v] += $6; c[k, v]++; l[k, v] = l[k, v] " " $6;
       if (!(k in seen)) { seen[k] = 1; order[++n] = k } }
     END { split("base g1 g2 g3", vs, " ");
           for (i = 1; i <= n; ++i) { line = order[i] ":";
             for (j = 1; j <= 4; ++j) if (c[order[i], vs[j]]) line = line sprintf(" | %s %.3f (%s)", vs[j], s[order[i], vs[j]] / c[order[i], vs[j]], substr(l[order[i], vs[j]], 2));
             print line } }' /tmp/geometry_raw.txt
