#!/usr/bin/env bash
# Forty-fifth session (H200): the seven sweep shapes where today's --tune (results/h200/tune/, built
# at 9d1f2a7) names another stage than the rules, through the dispatcher with the rules and with
# those tables, alternating processes, three rounds (results/h100/explore/probe.sh's one).
. "$(dirname "$0")/../../../h100/explore/probe.sh"  # one
cat results/h200/tune/dispatch-table-{f32,f16,bf16}.txt > /tmp/h200-table.txt
for round in 1 2 3; do
  for c in "f32 8 2097152" "f32 2048 1024" "f16 8 4194304" "f16 8 33554432" "bf16 8 4194304" \
           "bf16 8 8388608" "bf16 8 33554432"; do
    one $c ./step11
    one $c SOFTMAX_DISPATCH_TABLE=/tmp/h200-table.txt ./step11
  done
done
