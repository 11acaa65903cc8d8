#!/usr/bin/env bash
# Probe (twenty-first session): stage 09 on rows not in 16-byte packs, element by element before
# (BASE=.bin/base, 11b95a3) and in shifted packs now (NEW=.), alternating processes (probe.sh's ab).
# First the rows not in packs that the dispatcher gives 09 or might, then (SHIFTED09_ALIGNED=1) rows
# in packs, whose code path should not have moved. SHIFTED09_FIRST=k: only the first k shapes.
# Usage: BASE=... NEW=... PROBE_UNTIL=S bash shifted09.sh (in a folder with step09).
. "$(dirname "$0")/../probe.sh"  # ab
shapes() {
  if [ "${SHIFTED09_ALIGNED:-0}" = 1 ]; then
    cat <<'SHAPES'
f32 1 16777216
f32 4 4194304
f32 8 2097152
f32 8 4194304
f32 2048 65536
f16 1 33554432
f16 4 8388608
f16 8 4194304
bf16 8 8388608
SHAPES
  else
    cat <<'SHAPES'
f32 8 524289
f32 8 131073
f32 4 4194305
f32 8 2097153
f32 1 16777217
f32 16 1000001
f16 1 4194305
f16 8 1048577
f16 16 1048577
f16 8 262145
f16 4 8388609
f16 1 33554433
bf16 8 4194305
SHAPES
  fi
}
while read -r t m n; do
  if [ -n "${PROBE_UNTIL:-}" ] && [ $SECONDS -ge "$PROBE_UNTIL" ]; then echo "$t $m x $n (time)"; break; fi
  ab shifted09 $t $m $n step09
done < <(shapes | head -n ${SHIFTED09_FIRST:-100})
