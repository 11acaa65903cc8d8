#!/usr/bin/env bash
# Sixty-second session (H200), the third call: rule 3's shapes past 08's deep threshold again,
# built with the rule-3 amendment for the H200 (fp32 rows of 129-256 floats from 4225 rows to
# 08). "band2": such rows under stages 03 and 08 and the dispatcher; "deep": rows of 65-128
# floats from 8449 rows and of 513-1024 from 2113 (08's deep teams), stages 03 and 08. Up to
# rule 3's 9 MB. Each run its own process, 30 iterations, three rounds alternately.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # one
. "$(dirname "$0")/../session55/group.sh"            # group
group band2 3 ./step03 ./step08 ./step11 <<'S'
f32 4225 256
f32 4400 240
f32 5000 160
f32 7000 224
f32 8192 256
f32 9216 256
f32 10000 180
f32 14000 160
f32 17000 132
S
group deep 3 ./step03 ./step08 <<'S'
f32 9000 128
f32 12000 128
f32 18432 128
f32 16000 100
f32 24000 96
f32 34000 68
f32 2200 1024
f32 2304 1024
f32 2304 960
f32 2600 800
f32 3072 768
f32 3500 640
f32 4000 580
f32 4096 576
S
