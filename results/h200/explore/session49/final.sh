#!/usr/bin/env bash
# Forty-ninth session (H200): stages 08, 10 and 12 with fast_exp.cuh's exp_ftz ("./stepNN", the
# committed change) against the tree before it ($SP/base: ftz-adopt.patch reversed), on shapes
# the rules give each stage, and for 08 on the short-row kernels whose registers moved
# (staged_rows, pack_rows, team_rows<__half,0,4>). Each shape under each build in its own
# process, 30 iterations, two rounds (probe.sh's variants).
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # variants
echo "== stage 12"
variants 2 "$SP/base/step12" "./step12" <<'SHAPES'
f32 8 2097152
f16 8 4194304
bf16 16 4194304
SHAPES
echo "== stage 10"
variants 2 "$SP/base/step10" "./step10" <<'SHAPES'
f32 256 131072
f32 512 131073
f16 256 262144
SHAPES
echo "== stage 08"
variants 2 "$SP/base/step08" "./step08" <<'SHAPES'
f32 512 65536
f16 4096 16384
f16 4194304 7
f32 4194304 7
f16 4194304 12
f16 8192 5120
bf16 8192 4096
SHAPES
