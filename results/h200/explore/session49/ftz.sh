#!/usr/bin/env bash
# Forty-ninth session (H200): stages 08, 10 and 12 as committed ("./stepNN") against the same
# tree with every __expf of the stage and its headers made ex2.approx.ftz of x log2(e) — stage
# 09's exp_ftz — by a macro at the top of the stage's file ($SP/ftz, session49.run.sh), on shapes
# the rules give each stage. Each shape under each build in its own process, 30 iterations, two
# rounds (probe.sh's variants).
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # variants
echo "== stage 12"
variants 2 "./step12" "$SP/ftz/step12" <<'SHAPES'
f32 8 2097152
f32 16 1048576
f32 64 262144
f16 8 4194304
f16 64 1048576
bf16 16 4194304
SHAPES
echo "== stage 10"
variants 2 "./step10" "$SP/ftz/step10" <<'SHAPES'
f32 256 131072
f32 200 262144
f32 512 131073
f32 64 131072
f16 256 262144
SHAPES
echo "== stage 08"
variants 2 "./step08" "$SP/ftz/step08" <<'SHAPES'
f32 512 65536
f32 256 86016
f16 4096 16384
bf16 8192 4096
SHAPES
