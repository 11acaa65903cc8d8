#!/usr/bin/env bash
# Forty-ninth session (H200): stage 09 before the forty-eighth session's changes ($SP/s48base:
# stage09-session48.patch reversed, i.e. 0738abf's stage 09) against today's, on few-row shapes
# whose rows are not in 16-byte packs (shifted rows), which the forty-eighth session did not time.
# Each shape under each build in its own process, 30 iterations, two rounds.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # variants
variants 2 "$SP/s48base/step09" "./step09" <<'SHAPES'
f32 8 2097153
f32 4 8388607
f32 1 33554431
f16 8 4194305
bf16 8 4194303
SHAPES
