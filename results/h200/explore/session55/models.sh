#!/usr/bin/env bash
# Fifty-fifth session (H200): the peers script's "models" sweep (language-model vocabularies) ran
# seven of its fifteen shapes under 95% of the copy here at b386675, 77.1-92.4%, where the H100
# ran all but one at 96-99% (docs/h200.md, "The other four sweeps"). Each shape under each form
# below in its own process, 30 iterations (probe.sh's `one`), in groups, most wanted first; a
# group stops once the script has run PROBE_UNTIL seconds. A form is ENV words and a binary.
#   wider:  halves rows of 257-336 KB (Qwen 2's 151936: 297 KB) in stage 08's wider block, against
#           stage 10's wide kernel on clusters of one, persistent (47th session: 7-11% less time
#           at 4096 rows); how few rows it still pays at.
#   f32long: fp32 rows of 1000 KB (256000), where stage 10 takes 3 CTAs of 13 slices (39
#           clusters, 117 SMs) over 4 of 8 (30 clusters, 120 SMs), persistent either way.
#   halflong: halves rows of 500 KB (256000): stage 10's clusters of 2, persistent.
#   odd:    halves rows of 50257 (GPT-2), not in 16-byte packs, beside 50256 in packs.
#   llama:  halves rows of 250.5 KB (128256) in 08's 8-slice block, against 10's on clusters of one.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # one
. "$(dirname "$0")/group.sh"  # group
T="timeout 60"
W1P="STEP10_FORM=wide STEP10_CLUSTER=1 STEP10_PERSISTENT=on"
group wider 2 "$T ./step08" "$W1P $T ./step10" <<'S'
f16 132 151936
f16 264 151936
f16 528 151936
f16 1056 151936
bf16 264 151936
bf16 1056 151936
f16 1024 135168
bf16 1024 172032
S
group f32long 2 "$T ./step10" "STEP10_SLICES=8 $T ./step10" "STEP10_PERSISTENT=off $T ./step10" \
  "STEP10_SLICES=8 STEP10_PERSISTENT=off $T ./step10" "STEP10_SLICES=8 STEP10_CLUSTER=8 $T ./step10" \
  "$T ./step12" <<'S'
f32 2048 256000
f32 1024 256000
S
group halflong 1 "$T ./step10" "STEP10_PERSISTENT=off $T ./step10" "STEP10_CLUSTER=3 $T ./step10" \
  "STEP10_SLICES=13 $T ./step10" "$T ./step12" <<'S'
f16 2048 256000
bf16 2048 256000
S
group odd 1 "$T ./step11" "$T ./step08" "STEP10_FORM=wide $T ./step10" "STEP10_FORM=parts $T ./step10" <<'S'
f16 4096 50257
bf16 4096 50257
f16 4096 50256
bf16 4096 50256
S
group llama 1 "$T ./step08" "$W1P $T ./step10" "$W1P STEP10_SLICES=13 $T ./step10" <<'S'
bf16 4096 128256
f16 4096 128256
S
echo "== done (at ${SECONDS}s)"
