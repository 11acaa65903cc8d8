#!/usr/bin/env bash
# Fifty-fifth session (H200), the final build: rule 33's amendment against stage 08 again, two
# rounds, on the models sweep's rows of 297 KB at 512-8192 rows (slices.sh's one round had fp16
# 4096 x 151936 0.6% behind 08, the other shapes 1.3-5.5% ahead). Each shape under each in its
# own process, 30 iterations, until PROBE_UNTIL seconds.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # one
. "$(dirname "$0")/group.sh"  # group
T="timeout 60"
group rule33 2 "$T ./step11" "$T ./step08" <<'S'
f16 2048 151936
f16 4096 151936
bf16 4096 151936
f16 8192 151936
S
echo "== done (at ${SECONDS}s)"
