#!/usr/bin/env bash
# Forty-fifth session: stage 12 with every compute lane arriving on `empty` (lanes.patch, adopted),
# under compute-sanitizer's four tools through the dispatcher, on the two rule shapes it takes in
# the sweeps; each block refills its slots there (about 15 and 8 tiles a block on 7 slots).
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # sanitize
sanitize ./step11 <<'SHAPES'
f32 8 2097152 12: the ring
f16 8 4194304 12: the ring
SHAPES
