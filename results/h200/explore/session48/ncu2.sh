#!/usr/bin/env bash
# Forty-eighth session (H200), after ncu.sh: the warps' stall reasons (ncu's per-issue averages) and
# instruction counts of stage 09 on fp32 8 x 2^21, as built and pinned, beside the ladder's pinned
# rungs phased-L and exp-L (ladder.cu, `ladder order`: random inputs, two rounds, the 121st launch of
# each), which is stage 09's algorithm in the same geometry and ran 50.8 us against its 54.1.
# --clock-control none, --cache-control all. $SP: session48.run.sh's copies.
m="smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio|smsp__inst_executed\.sum|gpu__time_duration\.sum"
m="$m|dram__bytes_read\.sum|dram__bytes_write\.sum|smsp__cycles_active\.avg|sm__warps_active\.avg\.pct_of_peak_sustained_active"
run() { timeout 150 ncu --clock-control none --cache-control all --metrics "regex:$m" --launch-count 1 "$@" 2>&1 \
  | grep -vE "^check|^==PROF==|^==WARNING==" | sed -E 's/ +/ /g'; }
for bin in ./step09 $SP/pinL/step09; do
  echo "== $bin f32 8 x 2097152"
  run -k regex:softmax_split --launch-skip 20 $bin --dtype f32 --rows 8 --cols 2097152 --iters 30
done
for f in 512 639; do
  echo "== ladder<$f>"
  run -k "regex:ladder<$f>" --launch-skip 120 /tmp/ladder order | grep -vE "^  (round|trace)|inputs"
done
