#!/usr/bin/env bash
# Probe (twentieth session), after long.sh: rows not in 16-byte packs past 2 MB, where the
# dispatcher's stage (09 for fp32, 08 for halves) ran 19-46% of the copy and stage 10's wide
# clusters, which take such rows shifted in up to 16 CTAs of 336 KB, 70-87%. Fewer rows, longer
# rows, rows near the longest the wide clusters hold (meant as the last and the first past it;
# both 1376253 and 2752505 turned out past it: a shifted part needs its length + kVec - 1 slots,
# so the wide clusters hold 16 x 86012 floats, 16 x 172024 halves), and the halves beside stage 08.
# Usage: PROBE_UNTIL=S bash long2.sh > long2.txt (in a folder with step08 .. step11).
. "$(dirname "$0")/../probe.sh"  # stage_rows
PROBE_TIMEOUT=${PROBE_TIMEOUT:-90} stage_rows "step09 step10 step11" <<'SHAPES'
f32 8 524289
f32 32 524289
f32 16 1000001
f32 64 1000001
f32 256 1000001
f32 64 1376253
f32 64 1376257
f32 256 1500001
f16 64 1048577 step08 step09 step10
f16 256 2000001 step08 step09 step10
f16 64 2752505 step08 step09 step10
f16 64 3000001 step08 step09 step10
bf16 256 1048577 step08 step09 step10
f16 1024 1048577 step08
SHAPES
