#!/usr/bin/env bash
# Fifty-ninth session (H200), the fifth call: pack_rows' groups of one pack straight from global
# memory to registers and back (no shared memory), against STEP08_PACK_DIRECT=0 (the same build,
# through shared memory) and c2779c6's stage 08 (build/base/step08, built on the device from its
# source); then the groups of three packs, whose code moved into helpers, against c2779c6;
# alternately, two rounds, each run its own process, 30 iterations; then --check on odd M.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # one
. "$(dirname "$0")/../session55/group.sh"            # group
. "$(dirname "$0")/odd_m.sh"                         # odd_m_checks
group direct 2 build/base/step08 "STEP08_PACK_DIRECT=0 ./step08" ./step08 <<'S'
f32 16777216 2
f16 16777216 2
bf16 16777216 2
f16 8388608 4
bf16 8388608 4
f32 33554432 1
S
group three 2 build/base/step08 ./step08 <<'S'
f32 8388608 3
bf16 8388608 3
f16 2097152 12
f32 4194304 6
S
echo "== checks of the direct groups (at ${SECONDS}s)"
odd_m_checks "" timeout 60 ./step08
