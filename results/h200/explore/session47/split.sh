#!/usr/bin/env bash
# Forty-seventh session (H200): where stage 09's few-row time goes beyond its rounds. Copying in its
# geometry with a grid barrier a round and no arithmetic ran fp32 2 x 33 MB at 41.7 us
# (explore/session46/rounds); stage 09 takes 54.1 us on fp32 8 x 2^21 (64 MB, two rounds of 32 MB).
# split.patch skips the harness's checks and gives stage 09 three compile-time switches, each built
# in a copy of its own (session47.run.sh): PROBE_NOEXP1, phase 1 adds the elements instead of their
# exponentials; PROBE_NOEXP2, phase 2 scales x with no exponential (noexp.patch's); PROBE_NOMERGE,
# phase 2 reads none of the row's summaries (no merge, no block reduction); `all`, the three at
# once. Outputs are wrong in each; only the times count. Each shape under each build, its own
# process, 30 iterations, two rounds (probe.sh's variants). $SP: the copies' folder.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # variants
variants 2 "./step09" "$SP/noexp1/step09" "$SP/noexp2/step09" "$SP/nomerge/step09" "$SP/all/step09" <<'SHAPES'
f32 8 2097152
f32 4 4194304
f16 8 4194304
f32 8 4194304
f16 8 8388608
f32 4 8388608
f32 1 16777216
SHAPES
