#!/usr/bin/env bash
# Probe (eighteenth session): fp32 rows in whole packs of 256-336 KB at 67-127 rows, which the rules
# of 3aeb66c gave to stage 09 (the final rules give them to 08, as this measured): the dispatcher,
# stage 08 (the wide or wider block) and stage 09. Each run its own process.
# Usage: bash packed.sh > packed.txt (in the repository root, the stages built).
. "$(dirname "$0")/../probe.sh"  # stage_rows
PROBE_TIMEOUT=30
stage_rows "step11 step08 step09" <<'SHAPES'
f32 67 65536
f32 67 65540
f32 96 65540
f32 127 65540
f32 100 81920
f32 128 65540
SHAPES
