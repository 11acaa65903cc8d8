#!/usr/bin/env bash
# One batch on a GPU machine: build natively, run the GPU tests, optionally compute-sanitizer, and
# benchmark every stage in every dtype it has (bench/run_bench.sh); logs and Google Benchmark JSON
# go to results/<gpu>/ (or $OUT). Usage:
#   results/run_gpu.sh [--no-test] [--no-bench] [--sanitize] [stepNN ...]   (default: every stage)
# Environment: OUT=dir, DEPS=prefix (passed to make), BENCH_ARGS="--iters 50" (passed to stages).
set -uo pipefail
cd "$(dirname "$0")/.."
run_tests=1 sanitize=0 run_bench=1 stages=()
for a in "$@"; do
  case "$a" in
    --no-test) run_tests=0 ;;
    --no-bench) run_bench=0 ;;
    --sanitize) sanitize=1 ;;
    *) stages+=("$a") ;;
  esac
done
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n1)
short=$(echo "$gpu" | tr 'A-Z' 'a-z' | grep -o '[a-z]*[0-9][0-9a-z]*' | head -n1)
OUT=${OUT:-results/$short}
mkdir -p "$OUT"
make_args=(${DEPS:+DEPS=$DEPS})
[ ${#stages[@]} -eq 0 ] && stages=($(ls steps/[0-9][0-9]_*.cu | sed 's|steps/\([0-9][0-9]\)_.*|step\1|'))

echo "== build"
make -j"$(nproc)" "${make_args[@]}" "${stages[@]}" build/test_gpu > "$OUT/build.log" 2>&1 || { tail -n 30 "$OUT/build.log"; exit 1; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv > "$OUT/nvidia-smi.txt"
tg=skipped
if [ $run_tests = 1 ]; then
  echo "== test-gpu"
  build/test_gpu 2>&1 | tee "$OUT/test-gpu.txt" | grep -E "^stage .*FAIL|test cases|assertions|Status"
  tg=${PIPESTATUS[0]}
fi
san=skipped
if [ $sanitize = 1 ]; then
  echo "== sanitize"
  sh tests/sanitize.sh "${stages[@]}" > "$OUT/sanitize.txt" 2>&1; san=$?
  grep -E "^FAIL|sanitize:" "$OUT/sanitize.txt"
fi
bench=skipped
if [ $run_bench = 1 ]; then
  echo "== benchmarks"
  RESULTS="$OUT" DTYPES="f32 f16 bf16" sh bench/run_bench.sh "${stages[@]}" > "$OUT/bench.log" 2>&1; bench=$?
  sed -n '/^== /,$p' "$OUT/bench.log"
fi
echo "test-gpu exit: $tg   sanitize exit: $san   bench exit: $bench"
