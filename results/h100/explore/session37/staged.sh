#!/usr/bin/env bash
# Thirty-seventh session: stage 08's staged_rows (a warp's rows through shared memory) on rows not
# in 16-byte packs, about 2^25 elements each, against what took them before: the shifted teams
# (STEP08_STAGED_ROWS=0), pack_rows on its own lengths (there STEP08_PACK_ROWS=0 gives staged_rows,
# and both knobs the shifted team), and stage 03 for fp32. Each its own process, 30 iterations
# (probe.sh's one). Run from the repository root after the build; prints "DTYPE M x N ENV BINARY:
# µs us %copy" lines.
. results/h100/explore/probe.sh
pack() {  # pack_rows lengths: pack_rows, staged_rows, the shifted team
  one $1 $2 $3 ./step08
  one $1 $2 $3 STEP08_PACK_ROWS=0 ./step08
  one $1 $2 $3 STEP08_PACK_ROWS=0 STEP08_STAGED_ROWS=0 ./step08
}
other() {  # other lengths: staged_rows, the shifted team (and stage 03 for fp32)
  one $1 $2 $3 ./step08
  one $1 $2 $3 STEP08_STAGED_ROWS=0 ./step08
  [ $1 = f32 ] && one $1 $2 $3 ./step03
}
while read -r kind t m n; do $kind $t $m $n; done <<'SHAPES'
other f16 671088 50
other f16 67108 500
other f32 671088 50
other f32 67108 500
pack f32 3355443 10
pack f16 3355443 10
pack f16 11184810 3
other bf16 671088 50
other bf16 67108 500
other f16 3728270 9
other f16 2581110 13
other f16 1342177 25
other f16 335544 100
other f16 131586 255
other f16 43184 777
other f16 33520 1001
pack f16 4793490 7
pack f16 2796202 12
pack f16 1198372 28
other f32 6710886 5
other f32 3728270 9
other f32 1973790 17
other f32 264208 127
other f32 131586 255
other f32 43184 777
other f32 33520 1001
pack f32 11184810 3
pack f32 4793490 7
pack f32 2396745 14
SHAPES
