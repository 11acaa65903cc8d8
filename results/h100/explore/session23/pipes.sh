#!/usr/bin/env bash
# Probe (twenty-third session): stage 09 with k pipelines of rounds (pipelines_k.patch, built as
# ./step09 in the folder it runs in: STEP09_PIPELINES=k forces k pipelines of g/k blocks wherever a
# row fits them; 0 is one pipeline, unset the default plan). On few rows that fit a fraction of the
# grid, in 64 MB matrices (the sweep's M = 4, 8 and more rows of the same bytes), twice each, each
# its own process, 30 iterations.
# Usage: bash pipes.sh (in a folder with the patched step09)
. "$(dirname "$0")/../probe.sh"  # one
for rep in 1 2; do
  for s in "f32 8 2097152" "f16 8 4194304" "f32 16 1048576" "f16 16 2097152" "f32 32 524288"; do
    for k in 0 1 2 3 4 6; do one $s STEP09_PIPELINES=$k timeout 20 ./step09; done
  done
  for s in "f32 4 4194304" "f16 4 8388608" "f32 8 4194304" "bf16 8 4194304"; do
    for k in 0 1 2; do one $s STEP09_PIPELINES=$k timeout 20 ./step09; done
  done
done
