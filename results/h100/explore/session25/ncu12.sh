#!/usr/bin/env bash
# Probe (twenty-fifth session): why the prepared stage 12 (explore/session24/12_stream.cu) runs at
# 54-66% of the copy where the phases probe's arithmetic said 94-96%. Nsight Compute, clocks left
# alone, caches flushed before each replay (ncu's default), the first launch of each stage's kernel
# in `--check` on the shape: DRAM bytes read and written, L2 sector hit rate, duration. If L2 kept
# each tile between its two reads, stage 12 reads x's bytes from DRAM once (64 MB for fp32 8 x 2^21);
# a second read that misses shows as up to twice that. Stage 11 runs stage 09 there (softmax_split).
# Run from the repository root with ./step12 and ./step11 built.
M="dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum,lts__t_sector_hit_rate.pct"
prof() {  # prof KERNEL_REGEX M N ENV... BINARY
  local k=$1 m=$2 n=$3; shift 3
  echo "== $m x $n ${*}"
  env "${@:1:$#-1}" timeout 60 ncu --clock-control none -k "regex:$k" --launch-count 1 --metrics $M \
    ./${@: -1} --check --rows $m --cols $n 2>&1 | grep -E "dram__|gpu__time|lts__t_sector_hit|ERROR|FAIL"
}
for s in "8 2097152" "4 4194304" "8 4194304" "1 4194304" "64 262144"; do
  prof stream_rows $s step12
  prof stream_rows $s STEP12_HINTS=0 step12
  prof stream_rows $s STEP12_LAG_WAVES=3 step12
  prof softmax_split $s step11
done
