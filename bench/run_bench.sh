#!/bin/sh
# run_bench.sh — every stage over its default sweep, Google Benchmark JSON per stage and dtype.
# Called by `make bench` (bench/bench.mk), which builds the stages first:
#   sh bench/run_bench.sh step01 step02 ...
# Environment: RESULTS=dir (default results/<gpu>), QUICK=1 (--iters 10), FILTER=regex (passed as
# --benchmark_filter=), DTYPES="f32 f16" (a stage without a dtype's kernel is skipped for it),
# BENCH_ARGS="..." (more flags for every stage).
# Writes RESULTS/stepNN.json (f32) and RESULTS/stepNN_<dtype>.json (others), plus the .txt logs.
# Exit status: 0 when every run that was attempted passed, 1 otherwise.
set -u
cd "$(dirname "$0")/.."

if ! nvidia-smi -L >/dev/null 2>&1; then
  echo "error: make bench needs a CUDA GPU (nvidia-smi found none)" >&2
  exit 3
fi
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n1)
# Same rule as DeviceInfo::short_name(): the first word holding a digit, lower-cased.
short=$(echo "$gpu" | tr 'A-Z' 'a-z' | tr -c 'a-z0-9\n' ' ' | tr ' ' '\n' | grep '[0-9]' | head -n1)
out=${RESULTS:-results/${short:-gpu}}
mkdir -p "$out"

args=${BENCH_ARGS:-}
[ -n "${QUICK:-}" ] && args="$args --iters 10"
dtypes=${DTYPES:-f32 f16}

total=0
for s in "$@"; do for t in $dtypes; do total=$((total + 1)); done; done
echo "bench: $gpu -> $out/ ($# stage(s) x dtypes [$dtypes]; ${QUICK:+quick, }${FILTER:+filter '$FILTER', }$total run(s))"

n=0 ok=0 skipped=0 failed=0 summary=""
for s in "$@"; do
  for t in $dtypes; do
    n=$((n + 1))
    base=$s; [ "$t" = f32 ] || base=${s}_$t
    printf '[%d/%d] %s --dtype %s ... ' "$n" "$total" "$s" "$t"
    start=$(date +%s)
    if [ -n "${FILTER:-}" ]; then
      ./"$s" --dtype "$t" $args "--benchmark_filter=$FILTER" --benchmark_out="$out/$base.json" \
        --benchmark_out_format=json > "$out/$base.txt" 2>&1
    else
      ./"$s" --dtype "$t" $args --benchmark_out="$out/$base.json" \
        --benchmark_out_format=json > "$out/$base.txt" 2>&1
    fi
    rc=$?
    secs=$(( $(date +%s) - start ))
    if [ $rc -eq 2 ] && grep -q "has no $t kernel" "$out/$base.txt"; then
      echo "skipped (no $t kernel)"
      rm -f "$out/$base.txt" "$out/$base.json"
      skipped=$((skipped + 1))
      continue
    fi
    rows=$(grep -cE '^ +[0-9]+ +[0-9]+ +[a-z0-9]+ +[0-9.]+ ' "$out/$base.txt")
    if [ $rc -eq 0 ]; then
      echo "ok, $rows shape(s) in ${secs}s"
      ok=$((ok + 1))
    else
      echo "FAILED (exit $rc) after ${secs}s; log: $out/$base.txt"
      tail -n 5 "$out/$base.txt" | sed 's/^/    /'
      failed=$((failed + 1))
    fi
    summary="$summary
== $s $t (exit $rc)
$(sed -n '/median_us/,$p' "$out/$base.txt" | grep -v '^$')"
  done
done
echo "$summary"
echo
echo "bench: $ok run(s) ok, $skipped skipped, $failed failed; JSON in $out/"
[ $failed -eq 0 ]
