#!/usr/bin/env bash
# Probe (twenty-second session), after rows5.sh: the dispatcher before (BASE=.bin/base, 3029f19) and
# with rules 13 (fp32 256-1023 rows of 300001 .. 2^19 - 1 -> 09) and 23 from 160 rows (NEW=.), on
# shapes they move and two they leave, alternating processes (probe.sh's ab; each run validates
# the shape before timing it).
# Usage: BASE=... NEW=... PROBE_UNTIL=S bash rules2.sh (in a folder with step11).
. "$(dirname "$0")/../probe.sh"  # ab
while read -r t m n; do
  if [ -n "${PROBE_UNTIL:-}" ] && [ $SECONDS -ge "$PROBE_UNTIL" ]; then echo "$t $m x $n (time)"; break; fi
  ab rules2 $t $m $n step11
done <<'SHAPES'
f32 256 400000
f32 512 393216
f32 256 524287
f32 1000 450001
f32 256 524288
f16 192 65537
bf16 160 65537
f16 224 81921
f16 159 65537
SHAPES
