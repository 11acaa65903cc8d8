#!/usr/bin/env bash
# Fortieth session: the team's second reduction level, and fp32 rows of 4 KB on 8 warps.
# Stage 08's teams of 2-8 warps reduce twice (max, then sum); each reduction is a warp's five
# shuffles, one barrier, then five more shuffles over the warps' partials. Variants, each a copy
# of the tree with one patch of this folder, stage 08 built in each:
#   v1  v1-log2.patch     the second level in log2(TW) shuffles (session 20's patch, on today's code)
#   v2  v2-direct.patch   every thread reads its team's (up to 8) partials from shared memory itself
#   v3  v3-8warps.patch   rows of 2-4 KB on 8 warps x 1 pack instead of 4 warps x 2 (fp32 N = 1024
#                         is torch.compile's geometry, if it picks 8 warps: inductor.py says)
#   v23 both v2 and v3
# Then ROUNDS rounds; in each, each shape under base, v1, v2, v3, v23 (the order rotated each round),
# each its own process, 30 iterations: "raw DTYPE M N VARIANT us %", then per shape the mean and
# the values. Run from the repository root after the base build (device_build.sh).
. "$(dirname "$0")/../probe.sh"  # row
here=$(dirname "$0")
ROUNDS=${ROUNDS:-4}
build() {  # build NAME PATCH...: a copy of the tree with the patches, step08 built in it
  local name=$1; shift
  rm -rf /tmp/$name && mkdir -p /tmp/$name && tar --exclude=./.bin --exclude=./build --exclude="./$R" -cf - . | tar xf - -C /tmp/$name
  local p; for p in "$@"; do (cd /tmp/$name && patch -p1 -s < $OLDPWD/$here/$p) || echo "patch $p failed in $name"; done
  (cd /tmp/$name && make -j4 --no-print-directory DEPS=$OLDPWD/$DEPS ARCH=sm_90 COMMIT=$commit-$name step08 > build.txt 2>&1; echo "build $name exit $?")
}
build v1 v1-log2.patch & build v2 v2-direct.patch & build v3 v3-8warps.patch & build v23 v2-direct.patch v3-8warps.patch &
wait
echo "built variants at ${SECONDS}s"
names=(base v1 v2 v3 v23); dirs=(. /tmp/v1 /tmp/v2 /tmp/v3 /tmp/v23)
shapes=$(cat <<'SHAPES'
f32 128 1024
f16 128 1024
bf16 128 1024
f32 2048 1024
f16 2048 1024
f32 32 1024
f32 2048 2048
f16 2048 2048
f32 2048 4096
f16 2048 4096
SHAPES
)
for ((round = 0; round < ROUNDS; ++round)); do
  while read -r t m n; do
    for ((j = 0; j < 5; ++j)); do
      k=$(((j + round) % 5))
      [ $SECONDS -lt ${PROBE_UNTIL:-420} ] || break 3
      r=$(timeout 60 ${dirs[$k]}/step08 --dtype $t --rows $m --cols $n --iters 30 2>&1)
      echo "raw $t $m $n ${names[$k]} $(row "$r" $m $n)"
    done
  done <<< "$shapes"
done > /tmp/reduce_raw.txt
cat /tmp/reduce_raw.txt
echo "summary (mean us over rounds: values)"
awk '$1 == "raw" { k = $2 " " $3 " x " $4; v = $5; s[k, v] += $6; c[k, v]++; l[k, v] = l[k, v] " " $6;
       if (!(k in seen)) { seen[k] = 1; order[++n] = k } }
     END { split("base v1 v2 v3 v23", vs, " ");
           for (i = 1; i <= n; ++i) { line = order[i] ":";
             for (j = 1; j <= 5; ++j) if (c[order[i], vs[j]]) line = line sprintf(" | %s %.3f (%s)", vs[j], s[order[i], vs[j]] / c[order[i], vs[j]], substr(l[order[i], vs[j]], 2));
             print line } }' /tmp/reduce_raw.txt
