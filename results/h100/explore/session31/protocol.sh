#!/usr/bin/env bash
# Probe (thirty-first session): stage 12's two ways to learn that a row is complete, beside stage
# 11, each run its own process, 30 iterations: every block reads every part (parts) or the last
# block to file merges them into one word that the others read (summary, STEP12_PROTOCOL), at
# 1, 2 and 7 bulk copies in flight a block (STEP12_INFLIGHT). Run from the repository root after
# the build (../../session31.run.sh v7).
. "$(dirname "$0")/../probe.sh"  # one
for s in "f32 8 2097152" "f32 16 1048576" "f32 4 4194304" "f32 8 4194304" "f32 64 262144" "f16 8 4194304" "f16 4 8388608"; do
  one $s timeout 40 ./step11
  one $s STEP12_INFLIGHT=1 timeout 40 ./step12
  for k in 1 2 7; do one $s STEP12_PROTOCOL=summary STEP12_INFLIGHT=$k timeout 40 ./step12; done
done
