#!/usr/bin/env bash
# Forty-second session: fp32 rows of 32-64 KB on a team of 16 warps x 8 packs (Triton's fused
# kernel's geometry at N = 16384: 16 warps, 32 floats a thread) instead of 32 warps x 4 packs.
# fp32 2048 x 16384 trailed Triton's fused kernel by 0.1-0.4% in every full peers run since
# c88d8b7. Variant t16 (t16-team-16-warps.patch): stage 08's last team configuration {1024, 4}
# becomes {512, 8}, so rows of 8193-16384 floats (and halves of 16385-20480, capped at 56
# registers: expected to spill) take 9-16 warps of 8 packs. ROUNDS rounds of each shape under base
# and t16, alternating, each its own process, 30 iterations; then `./step11 --tune` on fp32 16384
# x 256 (rule 3's stage 03, 0.95 of torch.compile in the small sweep) and 2048 x 16384, every
# stage beside each other. Run from the repository root after the base build (device_build.sh).
. "$(dirname "$0")/../probe.sh"  # row, variants
here=$(dirname "$0")
ROUNDS=${ROUNDS:-4}
rm -rf /tmp/t16 && mkdir -p /tmp/t16 && tar --exclude=./.bin --exclude=./build --exclude="./$R" -cf - . | tar xf - -C /tmp/t16
(cd /tmp/t16 && patch -p1 -s < $OLDPWD/$here/t16-team-16-warps.patch && \
  make -j16 --no-print-directory DEPS=$OLDPWD/$DEPS ARCH=sm_90 COMMIT=$commit-t16 step08 > build.txt 2>&1; echo "build t16 exit $?")
grep -E "spill|registers" /tmp/t16/build.txt | head -n 4
variants $ROUNDS ./step08 /tmp/t16/step08 > /tmp/team16_raw.txt <<'SHAPES'
f32 2048 16384
f32 4096 12288
f32 4096 10240
f32 2048 8200
f16 2048 20480
SHAPES
cat /tmp/team16_raw.txt
echo "summary (mean us over rounds)"
awk -F': ' '{ split($2, b, " "); s[$1] += b[1]; c[$1]++; if (!($1 in seen)) { seen[$1] = 1; order[++n] = $1 } }
     END { for (i = 1; i <= n; ++i) printf "%s: %.2f us (%d runs)\n", order[i], s[order[i]] / c[order[i]], c[order[i]] }' /tmp/team16_raw.txt
for shape in "16384 256" "2048 16384"; do
  set -- $shape
  timeout 60 ./step11 --tune --dtype f32 --rows $1 --cols $2 --iters 30 2>&1 | grep -vE "^#|^$"
done
