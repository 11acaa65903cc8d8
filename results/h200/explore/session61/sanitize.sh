#!/usr/bin/env bash
# Sixty-first session (H200): compute-sanitizer's four tools on stage 08's warp_rows (fp32 rows of
# 1-2 KB in packs, 2 rows a warp): an odd number of rows (the last warp holds one), partial and
# whole last packs; probe.sh's `sanitize`.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # sanitize
sanitize ./step08 <<'S'
f32 4097 260 65 packs, the last warp one row
f32 4099 512 128 packs, the last warp one row
S
