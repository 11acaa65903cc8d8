#!/usr/bin/env bash
# Forty-eighth session (H200): where stage 09 executes its instructions. ncu2/adopt found it
# executing 19.9M instructions on fp32 8 x 2^21 (pinned) where the ladder's exp-L, the same
# algorithm in the same geometry, executes 15.0M and runs 6% faster. One launch each (stage 09's
# 21st, the ladder's 121st: random inputs, two rounds), the SourceCounters and WarpStateStats
# sections into a report, then the report's source page per SASS instruction as CSV (instructions
# executed and stall samples; -lineinfo builds, so each row names its source line).
# --clock-control none, --cache-control all.
sec="--section SourceCounters --section WarpStateStats --section InstructionStats"
ncu --clock-control none --cache-control all $sec -k regex:softmax_split --launch-skip 20 --launch-count 1 \
  -o $R/s09-f32 -f ./step09 --dtype f32 --rows 8 --cols 2097152 --iters 30 > $R/ncu3-run.txt 2>&1
ncu --clock-control none --cache-control all $sec -k regex:softmax_split --launch-skip 20 --launch-count 1 \
  -o $R/s09-f16 -f ./step09 --dtype f16 --rows 8 --cols 4194304 --iters 30 >> $R/ncu3-run.txt 2>&1
ncu --clock-control none --cache-control all $sec --kernel-name-base mangled -k "regex:ladderILi639E" \
  --launch-skip 120 --launch-count 1 -o $R/ladder639 -f /tmp/ladder order >> $R/ncu3-run.txt 2>&1
grep -E "==PROF==|==ERROR==" $R/ncu3-run.txt
for r in s09-f32 s09-f16 ladder639; do
  ncu --import $R/$r.ncu-rep --page source --csv --print-source sass > $R/$r-sass.csv 2> $R/$r-sass.err \
    || ncu --import $R/$r.ncu-rep --page source --csv > $R/$r-sass.csv 2>> $R/$r-sass.err
  echo "$r: $(wc -l < $R/$r-sass.csv) rows; $(head -c 300 $R/$r-sass.err)"
  head -n 2 $R/$r-sass.csv | cut -c1-400
done
