#!/usr/bin/env bash
# Probe (twenty-second session): the dispatcher before (BASE=.bin/base, 3029f19) and after rules
# 6, 15 and 22 were redrawn (NEW=.), on the shapes whose stage they moved and two that stay,
# alternating processes (probe.sh's ab; each run validates the shape before timing it). First the
# new dispatcher's plan for each shape.
# Usage: BASE=... NEW=... PROBE_UNTIL=S bash rules.sh (in a folder with step11).
. "$(dirname "$0")/../probe.sh"  # ab
shapes() {
  cat <<'SHAPES'
f32 64 262145
f32 100 400001
f32 128 524287
f32 255 524287
f32 128 300001
f32 64 524288
f32 100 400000
f32 200 524288
f32 128 262145
f16 256 65537
f16 512 65537
bf16 512 65537
f16 768 65537
f16 256 81921
bf16 256 86009
f16 1000 65537
f16 256 90001
SHAPES
}
while read -r t m n; do
  echo "plan $t $m x $n: $($NEW/step11 --plan --dtype $t --rows $m --cols $n 2>&1 | grep -m1 -E '^ *[0-9]+ +[0-9]+ ' | cut -c1-120)"
done < <(shapes)
while read -r t m n; do
  if [ -n "${PROBE_UNTIL:-}" ] && [ $SECONDS -ge "$PROBE_UNTIL" ]; then echo "$t $m x $n (time)"; break; fi
  ab rules $t $m $n step11
done < <(shapes)
