#!/usr/bin/env bash
# Fifty-ninth session (H200), the second call: stage 10's wide CTAs (common/row_cache.cuh's stores,
# exp_folded in halves) against 25195c4's, as fold.sh.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # one
. "$(dirname "$0")/../session55/group.sh"            # group
group fold10 2 build/base/step10 ./step10 <<'S'
f16 2048 262144
bf16 2048 256000
f16 4096 151936
bf16 4096 151936
S
