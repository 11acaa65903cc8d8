#!/usr/bin/env bash
# Probe (eighteenth session): stage 08's wider block (1024 threads, 8 register packs, up to 13
# slices: rows of 256-336 KB in one block) against stage 10's wide clusters of 2 CTAs, which the
# rules give those rows, and the dispatcher (still on those rules). LLM vocabularies among them:
# 128256 (Llama 3) and 151936 (Qwen 2) halves; fp32 / fp16 rows of 2^k + 1. Many rows first, then
# fewer (where 10's clusters put two SMs on a row). Each run its own process.
# Usage: bash wider.sh > wider.txt (in the repository root, the stages built).
. "$(dirname "$0")/../probe.sh"  # stage_rows
PROBE_UNTIL=${PROBE_UNTIL:-540}
stage_rows "" <<'SHAPES'
f32 2048 65537 step08 step10 step11
f32 2048 81920 step08 step10 step11
f32 2048 86016 step08 step10 step11
f16 2048 128256 step08 step10 step11
f16 2048 131073 step08 step10 step11
f16 2048 151936 step08 step10 step11
f16 2048 172032 step08 step10 step11
bf16 2048 128256 step08 step10 step11
bf16 2048 151936 step08 step10 step11
f32 512 65537 step08 step10
f32 256 65537 step08 step10
f32 128 65537 step08 step10
f32 64 65537 step08 step10
f16 512 151936 step08 step10
f16 256 151936 step08 step10
f16 128 151936 step08 step10
f16 64 151936 step08 step10
SHAPES
