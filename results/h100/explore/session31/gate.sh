#!/usr/bin/env bash
# Probe (thirty-first session): stage 12 with the summary protocol and 1 bulk copy in flight a
# block: 3 filer warps with the poller reading only rows this block has filed (gated), 3 without
# that gate, and 1 filer warp, beside stage 11, each run its own process, 30 iterations. Run from
# the repository root after the build (../../session31.run.sh v9).
. "$(dirname "$0")/../probe.sh"  # one
export STEP12_PROTOCOL=summary STEP12_INFLIGHT=1
for s in "f32 8 2097152" "f32 16 1048576" "f32 4 4194304" "f32 8 4194304" "f32 64 262144" "f32 32 524288" "f32 8 1048576" \
         "f16 8 4194304" "f16 4 8388608" "f16 16 2097152" "bf16 8 4194304"; do
  one $s timeout 40 ./step11
  one $s STEP12_FILERS=3 timeout 40 ./step12
  one $s STEP12_FILERS=3 STEP12_GATE=0 timeout 40 ./step12
  one $s STEP12_FILERS=1 timeout 40 ./step12
done
