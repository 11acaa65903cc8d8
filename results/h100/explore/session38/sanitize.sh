#!/usr/bin/env bash
# Thirty-eighth session: stage 08's block teams (team_rows<T, kBlockTeam, P>) under
# compute-sanitizer's four tools: 3 warps of 2 packs (a row off the 16-byte boundary), 5 and 9
# warps of 4 packs in packs and not, 17 and 30 warps at M = 7 (fewer rows than SMs), each through
# ./step08 --check. Run from the repository root after the build; one line per run, then
# "sanitize: P passed, F failed".
. results/h100/explore/probe.sh
sanitize ./step08 <<'SHAPES'
f16 133 1025 3 warps x 2 packs, shifted
f32 133 1025 3 warps x 4 packs, shifted
bf16 133 4104 5 warps x 4 packs
f32 133 4097 9 warps x 4 packs, shifted
f16 7 16392 17 warps x 4 packs
f32 7 15001 30 warps x 4 packs, shifted
SHAPES
