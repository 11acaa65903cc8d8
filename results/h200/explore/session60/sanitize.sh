#!/usr/bin/env bash
# Sixtieth session (H200), the last call: compute-sanitizer's four tools on stage 08's deep teams
# of 2 packs a thread (matrices past the L2 in halves, past twice the L2 in fp32), a partial last
# block each: 32 lanes of 2 (rows of 50 packs) and 64 of 2 (100 packs); probe.sh's `sanitize`.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # sanitize
sanitize ./step08 <<'S'
f16 78646 400 halves past the L2, 32 lanes x 2 packs
bf16 39324 800 halves past the L2, 64 lanes x 2 packs
f32 78646 400 fp32 past twice the L2, 64 lanes x 2 packs
S
