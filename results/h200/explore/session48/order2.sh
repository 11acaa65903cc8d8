#!/usr/bin/env bash
# Forty-eighth session (H200), after order.sh: stage 09 with its load order pinned (order.patch,
# PROBE_PIN, registers first as its own build issues them) ran halves few-row shapes 2.6-3.3% faster
# and fp32 0.4-0.9%. Here: more shapes (each under each build in its own process, 30 iterations,
# two rounds), then stage 09's timeline (session47/timeline.patch, PROBE_TIMELINE) without and with
# the pin on two shapes, and whether Nsight Compute is on the machine. $SP: session48.run.sh's copies.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # variants
variants 2 "./step09" "$SP/pinL/step09" <<'SHAPES'
bf16 8 4194304
f16 1 33554432
bf16 4 8388608
f16 4 16777216
f32 4 8388608
f32 8 8388608
f16 8 16777216
bf16 1 33554432
f32 1 33554432
SHAPES
for s in "f16 8 4194304" "f32 8 2097152"; do
  set -- $s
  for v in tl tlpin; do
    echo "== $v $1 $2 x $3"
    timeout 60 $SP/$v/step09 --dtype $1 --rows $2 --cols $3 --iters 30 2>&1 \
      | grep -E "^timeline|^  round| $2 +$3 " | grep -v "^check"
  done
done
command -v ncu && ncu --version | tail -n 1 || echo "no ncu on PATH"; ls /usr/local/cuda*/bin/ncu 2>&1 | head -n 2
