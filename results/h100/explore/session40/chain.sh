#!/usr/bin/env bash
# Fortieth session: stage 08's teams of 2-8 warps with the reductions' shorter second level
# (log2(warps) shuffles) where the grid has at most one block an SM, against the five steps
# (STEP08_SHORT_CHAIN=0, the same binary), on few-row shapes of each such team (fp32 rows of 1, 4,
# 8, 16 KB: 2 warps, 4 x 2 packs, 4 x 4, 8 x 4; halves rows of 2, 8, 16 KB), and on one many-row
# shape whose kernel the setting does not change (the noise). Three rounds; in each, each shape
# under each setting, its own process, 30 iterations: the lines of probe.sh's `one`, then per
# shape the mean of each setting and its values.
. "$(dirname "$0")/../probe.sh"  # one, variants
variants 3 "./step08" "STEP08_SHORT_CHAIN=0 ./step08" <<'SHAPES' > /tmp/chain_raw.txt
f32 1 1024
f32 32 1024
f32 128 1024
f32 128 256
f32 128 2048
f32 128 4096
f32 1 4096
f32 32 256
f16 128 1024
f16 1 1024
f16 128 4096
f16 128 8192
f16 32 8192
bf16 128 1024
bf16 128 4096
f16 2048 1024
SHAPES
cat /tmp/chain_raw.txt
echo "summary (mean us over rounds: values)"
awk '{ v = ($0 ~ /STEP08_SHORT_CHAIN=0/) ? "five" : "short"; k = $1 " " $2 " x " $4; us = $(NF - 2); s[k, v] += us; c[k, v]++; l[k, v] = l[k, v] " " us;
       if (!(k in seen)) { seen[k] = 1; order[++n] = k } }
     END { for (i = 1; i <= n; ++i) { k = order[i];
             printf "%s: short %.3f (%s) | five %.3f (%s) | short - five %+.3f\n", k, s[k, "short"] / c[k, "short"],
               substr(l[k, "short"], 2), s[k, "five"] / c[k, "five"], substr(l[k, "five"], 2),
               s[k, "short"] / c[k, "short"] - s[k, "five"] / c[k, "five"] } }' /tmp/chain_raw.txt
