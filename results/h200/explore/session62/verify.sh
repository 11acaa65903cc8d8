#!/usr/bin/env bash
# Sixty-second session (H200), the last call: the dispatcher with rule 3's three new amendments
# for the H200 against stage 03 (which rule 3 gave these shapes), a shape or two in each
# amendment and one past each edge. Each run its own process, 30 iterations, two rounds
# alternately.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # one
. "$(dirname "$0")/../session55/group.sh"            # group
group verify 2 ./step03 ./step11 <<'S'
f32 8449 128
f32 24000 96
f32 8448 128
f32 4225 256
f32 11796 200
f32 4224 256
f32 2113 1024
f32 4000 580
f32 4608 512
S
