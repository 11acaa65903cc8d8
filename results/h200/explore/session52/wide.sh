#!/usr/bin/env bash
# Fifty-second session (H200): stage 08's wide block for rows of 64-128 KB (512 threads, 8 packs in
# registers + 8 slices of shared memory, 64 registers: two blocks an SM) against two geometries that
# fit three blocks an SM (wide.patch, STEP08_WIDE_PROBE): 1 = 512 threads, 7 packs + 9 slices, 40
# registers; 2 = 384 threads, 10 packs + 12 slices, 56 registers (no spills in sm_90). Each shape
# under each in its own process, 30 iterations; three rounds, the later ones while PROBE_UNTIL
# seconds have not passed.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # stage_rows
shapes() {
  cat <<SHAPES
f16 2048 65536
bf16 2048 65536
f16 1024 65536
f16 4096 65536
f16 2048 49152
bf16 2048 49152
f32 2048 32768
f32 1024 32768
SHAPES
}
c="step08 STEP08_WIDE_PROBE=1,step08 STEP08_WIDE_PROBE=2,step08"
for round in 1 2 3; do shapes | stage_rows "$c"; done
