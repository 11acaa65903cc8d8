#!/usr/bin/env bash
# Probe (thirty-first session): stage 12 with 1 or 3 filer warps (STEP12_FILERS) in both ways of
# learning that a row is complete (STEP12_PROTOCOL), at 1 or 2 bulk copies in flight a block,
# beside stage 11, each run its own process, 30 iterations. Run from the repository root after the
# build (../../session31.run.sh v8).
. "$(dirname "$0")/../probe.sh"  # one
for s in "f32 8 2097152" "f32 16 1048576" "f32 4 4194304" "f32 8 4194304" "f32 64 262144" "f16 8 4194304" "f16 4 8388608"; do
  one $s timeout 40 ./step11
  one $s STEP12_PROTOCOL=parts STEP12_FILERS=1 STEP12_INFLIGHT=1 timeout 40 ./step12
  one $s STEP12_PROTOCOL=parts STEP12_FILERS=3 STEP12_INFLIGHT=1 timeout 40 ./step12
  one $s STEP12_PROTOCOL=summary STEP12_FILERS=1 STEP12_INFLIGHT=1 timeout 40 ./step12
  one $s STEP12_PROTOCOL=summary STEP12_FILERS=3 STEP12_INFLIGHT=1 timeout 40 ./step12
  one $s STEP12_PROTOCOL=summary STEP12_FILERS=3 STEP12_INFLIGHT=2 timeout 40 ./step12
done
