#!/usr/bin/env bash
# One batch on a GPU machine: build natively, run the GPU tests, benchmark every stage, and leave
# the logs and Google Benchmark JSON in $OUT (default results/<gpu>/). Usage:
#   results/run_gpu.sh [stepNN ...]        (default: every stage)
# Environment: OUT=dir, DEPS=prefix (passed to make), BENCH_ARGS="--iters 50" (passed to stages).
set -uo pipefail
cd "$(dirname "$0")/.."
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n1)
short=$(echo "$gpu" | tr 'A-Z' 'a-z' | grep -o '[a-z]*[0-9][0-9a-z]*' | head -n1)
OUT=${OUT:-results/$short}
mkdir -p "$OUT"
make_args=(${DEPS:+DEPS=$DEPS})
stages=("$@")
[ ${#stages[@]} -eq 0 ] && stages=($(ls steps/[0-9][0-9]_*.cu | sed 's|steps/\([0-9][0-9]\)_.*|step\1|'))

make -j"$(nproc)" "${make_args[@]}" all build/test_gpu > "$OUT/build.log" 2>&1 || { tail -n 30 "$OUT/build.log"; exit 1; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv > "$OUT/nvidia-smi.txt"
build/test_gpu 2>&1 | tee "$OUT/test-gpu.txt" | grep -E "FAIL|test cases|assertions|Status" ; tg=${PIPESTATUS[0]}
summary=""
for s in "${stages[@]}"; do
  ./"$s" ${BENCH_ARGS:-} --benchmark_out="$OUT/$s.json" --benchmark_out_format=json > "$OUT/$s.txt" 2>&1
  rc=$?
  summary+=$'\n'"== $s (exit $rc)"$'\n'"$(sed -n '/median_us/,$p' "$OUT/$s.txt")"
done
echo "$summary"
echo "test-gpu exit $tg"
