#!/usr/bin/env bash
# Fifty-third session (H200): halves in rows of 1-2 MB, which stage 09 takes on two pipelines,
# against one pipeline (STEP09_PIPELINES=0) and stage 12: session 51 had one pipeline at 99.4-99.8
# us on fp16 64 x 2^20, session 52 two at 103.5-104.4, in other calls. Each shape under each in
# its own process, 30 iterations; two rounds, the second while PROBE_UNTIL seconds have not passed.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # stage_rows
shapes() {
  cat <<SHAPES
f16 64 1048576
bf16 64 1048576
f16 48 1048576
f16 96 1048576
f16 32 2097152
f16 128 524288
SHAPES
}
c="step09 STEP09_PIPELINES=0,step09 step12"
for round in 1 2; do shapes | stage_rows "$c"; done
