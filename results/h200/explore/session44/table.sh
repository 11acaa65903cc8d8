#!/usr/bin/env bash
# Forty-fourth session (H200): the three few-row shapes whose rules give stage 12 (slower than 09
# on this GPU in exp.sh's run), through the dispatcher with the rules and with the H200's tuned
# tables of the twenty-ninth session (results/h200/tune/*-0649c41.txt since the forty-fifth; they
# name 09 there), alternating processes, three rounds (results/h100/explore/probe.sh's one).
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # one
cat results/h200/tune/dispatch-table-{f32,f16,bf16}-0649c41.txt > /tmp/h200-table.txt
for round in 1 2 3; do
  for c in "f32 8 2097152" "f16 8 4194304" "bf16 8 4194304"; do
    one $c ./step11
    one $c SOFTMAX_DISPATCH_TABLE=/tmp/h200-table.txt ./step11
  done
done
