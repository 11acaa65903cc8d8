#!/usr/bin/env bash
# Forty-second session, after fp32 rows of 32-64 KB moved to stage 08's team of 16 warps x 8 packs:
# that commit's stage 08 (./step08) against a copy of the tree with the change reversed
# (old-teams.patch: 32 warps x 4 packs), alternating, each its own process, 30 iterations, ROUNDS
# rounds, on the probe's shapes (team16.sh) and on fewer rows than SMs (4, 64 and 128 rows, where
# the team takes rows of up to 64 KB whatever the blocks an SM), with fp16 2048 x 16392 (its team
# did not change) as a control. BUILD_ONLY=1 builds the old copy and stops; RUN_ONLY=1 times.
. "$(dirname "$0")/../probe.sh"  # one, variants
here=$(dirname "$0")
ROUNDS=${ROUNDS:-3}
if [ -z "${RUN_ONLY:-}" ]; then
  rm -rf /tmp/old && mkdir -p /tmp/old && tar --exclude=./.bin --exclude=./build --exclude="./$R" -cf - . | tar xf - -C /tmp/old
  (cd /tmp/old && patch -p1 -s < $OLDPWD/$here/old-teams.patch && \
    make -j8 --no-print-directory DEPS=$OLDPWD/$DEPS ARCH=sm_90 COMMIT=$commit-old step08 > build.txt 2>&1; echo "build old exit $?")
  [ -n "${BUILD_ONLY:-}" ] && exit 0
fi
variants $ROUNDS /tmp/old/step08 ./step08 > /tmp/t16_raw.txt <<'SHAPES'
f32 2048 16384
f32 4096 12288
f32 4096 10240
f32 2048 8200
f32 4 16384
f32 64 12288
f32 128 16384
f16 2048 16392
SHAPES
cat /tmp/t16_raw.txt
echo "summary (mean us over rounds)"
awk -F': ' '{ split($2, b, " "); s[$1] += b[1]; c[$1]++; if (!($1 in seen)) { seen[$1] = 1; order[++n] = $1 } }
     END { for (i = 1; i <= n; ++i) printf "%s: %.2f us (%d runs)\n", order[i], s[order[i]] / c[order[i]], c[order[i]] }' /tmp/t16_raw.txt
