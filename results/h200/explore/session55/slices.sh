#!/usr/bin/env bash
# Fifty-fifth session (H200), after models.sh: fp32 2048 x 256000 ran 12.8% faster in stage 10's 4
# CTAs of 8 slices than in the 3 of 13 its plan chose. Since then the plan does not take the
# wider CTAs into clusters of 3. This times the new plan (the build's default) against the old
# (STEP10_SLICES=13 gives the same 3 wider CTAs) on rows it changed, in both dtypes; then rows
# that take 3 CTAs of 8 slices by default, against 4 (STEP10_CLUSTER=4): is it clusters of 3, or
# the wider CTAs? Last, the dispatcher on the models sweep's rows of 297 KB, which on an H200 now
# go to stage 10's persistent CTAs of one (rule 33's amendment), beside stage 08. Each shape under
# each form in its own process, 30 iterations, two rounds (the dispatcher's one), until
# PROBE_UNTIL seconds.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # one
. "$(dirname "$0")/group.sh"  # group
T="timeout 60"
group wider 2 "$T ./step10" "STEP10_SLICES=13 $T ./step10" <<'S'
f32 2048 200000
f32 2048 229376
f32 512 256000
f32 2048 256000
f16 2048 458752
bf16 2048 458752
f16 1024 409600
S
group three 2 "$T ./step10" "STEP10_CLUSTER=4 $T ./step10" <<'S'
f32 2048 184320
f16 2048 368640
S
group rule33 1 "$T ./step11" "$T ./step08" <<'S'
f16 4096 151936
bf16 4096 151936
f16 512 151936
bf16 600 172032
S
echo "== done (at ${SECONDS}s)"
