#!/usr/bin/env bash
# Thirty-seventh session: staged_rows on short rows in 16-byte packs (STEP08_STAGED_ROWS=all, not
# the default), against what takes them: stage 08's teams and, for fp32, stage 03 (rule 3); on
# the shapes of bench/peers.py's sweeps where the dispatcher was behind a peer. Each its own
# process, 30 iterations, two rounds (the second is the noise) (probe.sh's one). Prints
# "DTYPE M x N ENV BINARY: µs us %copy" lines.
. results/h100/explore/probe.sh
for round in 1 2; do
  while read -r t m n; do
    one $t $m $n ./step08
    one $t $m $n STEP08_STAGED_ROWS=all ./step08
    if [ $t = f32 ]; then one $t $m $n ./step03; fi
  done <<'SHAPES'
f32 16384 256
f32 131072 256
f32 65536 500
f32 65536 512
f32 2048 512
f32 128 512
f16 2048 1024
bf16 2048 1024
f16 128 1024
f16 65536 512
f16 524288 64
bf16 524288 64
f16 1048576 32
SHAPES
done
