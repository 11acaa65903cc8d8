#!/usr/bin/env bash
# Fiftieth session (H200): the stages the H100-drawn rules choose against the one the H200's
# earlier runs found faster, over the regions of those rules, to draw rules for the H200 alone:
#   C: fp32 rules 14-15 (stage 12) against 09, and 10 on rows of up to 1 MB;
#   D: halves rules 28-29 (12) against 09, 09 with one pipeline (STEP09_PIPELINES=0), and 10 on
#      rows of up to 2 MB;
#   A: fp32 rule 3 (03) against 08;   B: fp32 rule 11 (04) against 08.
# Each shape under each candidate in its own process, 30 iterations; two rounds, the second only
# while PROBE_UNTIL seconds have not passed. One line a shape: "DTYPE M x N: | CANDIDATE µs us %".
# A candidate is a binary, or "ENV=VALUE,binary" (probe.sh's stage_rows).
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # stage_rows
P0=STEP09_PIPELINES=0,step09
shapes() {
  cat <<SHAPES
f32 8 2097152 step12 step09
f32 12 2097152 step12 step09
f32 10 1048576 step12 step09
f32 32 1048576 step12 step09
f32 64 1048576 step12 step09
f32 128 1048576 step12 step09
f32 32 524288 step12 step09
f32 128 524288 step12 step09
f32 48 262144 step12 step09 step10
f32 96 262144 step12 step09 step10
f32 112 131072 step12 step09 step10
f16 11 2097152 step12 step09 $P0
f16 8 4194304 step12 step09 $P0
f16 32 4194304 step12 step09 $P0
f16 16 2097152 step12 step09 $P0
f16 64 2097152 step12 step09 $P0
f16 32 1048576 step12 step09 $P0 step10
f16 64 1048576 step12 step09 $P0 step10
f16 128 1048576 step12 step09 $P0 step10
f16 256 1048576 step12 step09 $P0 step10
f16 64 524288 step12 step09 $P0 step10
f16 128 524288 step12 step09 $P0 step10
f16 256 524288 step12 step09 $P0 step10
bf16 8 4194304 step12 step09 $P0
bf16 16 2097152 step12 step09 $P0
bf16 64 1048576 step12 step09 $P0 step10
bf16 128 524288 step12 step09 $P0 step10
f16 300 2097152 step12 step09 $P0
f32 256 1024 step03 step08
f32 512 1024 step03 step08
f32 1024 1024 step03 step08
f32 2048 1024 step03 step08
f32 2304 1024 step03 step08
f32 2048 1000 step03 step08
f32 2048 768 step03 step08
f32 1024 512 step03 step08
f32 2048 512 step03 step08
f32 4096 512 step03 step08
f32 2048 256 step03 step08
f32 8192 256 step03 step08
f32 4096 128 step03 step08
f32 16384 128 step03 step08
f32 32 32768 step04 step08
f32 128 32768 step04 step08
f32 512 32768 step04 step08
f32 1024 32768 step04 step08
f32 2048 32768 step04 step08
f32 4096 32768 step04 step08
f32 2048 24576 step04 step08
f32 512 24576 step04 step08
f32 2048 20480 step04 step08
f32 2048 16400 step04 step08
SHAPES
}
for round in 1 2; do
  echo "== round $round (at ${SECONDS}s)"
  shapes | stage_rows "step09"
done
echo "== done at ${SECONDS}s"
