#!/usr/bin/env bash
# Fifty-third session (H200): stage 09 as committed at 1aeb27a (both caps) against stage 12 on
# the shapes of rules 14 and 28 that session 51 measured with 12 ahead and this session's probes
# did not run: above 96 MB, where the new amendments now give them to 09, and at 80-88 MB, where
# 12 keeps them. Each shape under each in its own process, 30 iterations; two rounds, the second
# while PROBE_UNTIL seconds have not passed.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # stage_rows
shapes() {
  cat <<SHAPES
f32 36 1048576
f16 160 524288
f16 192 524288
f16 224 524288
f32 22 1048576
f32 44 524288
f16 20 2097152
f16 40 1048576
SHAPES
}
for round in 1 2; do shapes | stage_rows "step09 step12"; done
