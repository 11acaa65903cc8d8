#!/usr/bin/env bash
# Forty-fourth session: the dispatcher under compute-sanitizer's four tools on the H200 (never run
# there before), one shape per stage its rules pick, sized to take seconds.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # sanitize
sanitize ./step11 <<'SHAPES'
f32 2048 1024 03: a warp per row
f16 300 16384 08: a block team
f32 300 65536 08: registers and shared memory
f16 64 262144 10: clusters
f32 4 4194304 09: cooperative rounds
f32 8 2097152 12: the ring
bf16 3 1000003 rows not in packs
SHAPES
