#!/usr/bin/env bash
# Prepared in the sixty-third session, NOT RUN there (no device time left): the next step of
# docs/h200.md's "An L2 policy on the loads of x". l2last.patch loads x under an L2 evict_last
# policy (predicated loads, as the stage's) in every kernel of stages 08, 09 and 10 that reads it
# through packs.cuh (fetch_pack, cp_async16), bulk_copy.cuh (bulk_load), stage 08's own 16-byte
# loads, stage 09's register slots and stage 10's tiles; and its harness resets persisting L2 lines
# before each flush (as bench/peers.py does), so that its times are not x left in the L2 by the
# iteration before. The dispatcher built with it (build/v_l2last/step11) and with reset.patch alone
# (build/v_reset/step11: the kernels as they are under the same harness, the control) by
# session63.run.sh's part l2last, this times the sweep shapes of 64 MB or more at M = 2048 and two
# few-row ones, and fp32 16777216 x 2 (pack_rows, the shape of knobs3.sh), each its own process, 30
# iterations, three rounds. A probe, not a change: the stage's GPU tests, the H100 and the kernels
# after a softmax (evict.py) come before any adoption.
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # one
. "$(dirname "$0")/../session55/group.sh"            # group
group l2last 3 build/v_reset/step11 build/v_l2last/step11 <<'S'
f32 2048 32768
f32 2048 65536
f32 2048 131072
f32 2048 262144
f16 2048 65536
f16 2048 131072
f16 2048 262144
bf16 2048 65536
bf16 2048 131072
bf16 2048 262144
f32 8 4194304
f16 8 8388608
f32 16777216 2
S
