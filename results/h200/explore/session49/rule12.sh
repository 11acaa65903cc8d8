#!/usr/bin/env bash
# Forty-ninth session (H200): stages 09 and 12, both with exp_ftz, and the dispatcher (stage 11,
# rules) on the shapes the rules for 12 take (fp32 rules 14-15, halves rule 28), to see whether
# 09 still leads 12 there on the H200 as it did in the forty-eighth session. Each shape under each
# stage in its own process, 30 iterations, two rounds.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # stage_rows
for round in 1 2; do
  echo "== round $round"
  stage_rows "step09 step12 step11" <<'SHAPES'
f32 8 2097152
f32 16 1048576
f32 8 1572864
f32 64 262144
f32 16 2097152
f32 128 131072
f16 8 4194304
f16 64 1048576
bf16 16 4194304
bf16 32 1048576
SHAPES
done
