#!/usr/bin/env bash
# How results/h100/step08* and step09* were produced: one device call (run from the repo root).
#   OUT=dir BUDGET=seconds bash results/h100/step08.run.sh
# Builds only stages 08 and 09 (and a GPU-test binary linking just those two), runs the GPU tests,
# then benchmarks in order of importance within the time budget. Everything lands in $OUT/r/ and is
# packed into $OUT/r.tgz after every step (the device tool returns at most 8 files).
set -u
OUT=${OUT:-results/h100}
BUDGET=${BUDGET:-205}
R="$OUT/r"
mkdir -p "$R"
pack() { tar -czf "$OUT/r.tgz" -C "$OUT" r; }
note() { echo "[$SECONDS s] $*" | tee -a "$R/progress.txt"; pack; }
left() { [ "$SECONDS" -lt "$BUDGET" ]; }
# bench NAME CMD...: one stage invocation into $R/NAME.{txt,json}
bench() {
  local name=$1; shift
  left || { note "skip $name (budget)"; return; }
  local t=$SECONDS
  timeout $((BUDGET - SECONDS + 10)) "$@" --benchmark_out="$R/$name.json" --benchmark_out_format=json > "$R/$name.txt" 2>&1
  note "$name exit $? ($((SECONDS - t)) s)"
}

nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv > "$R/nvidia-smi.txt" 2>&1
make DEPS=.deps -j16 step08 step09 build/lib/step08.o build/lib/step09.o > "$R/build.log" 2>&1 || { tail -n 40 "$R/build.log"; pack; exit 1; }
cp build/step08.ptxas.txt build/step09.ptxas.txt "$R/"
nvcc $(cat build/flags.txt) -DSOFTMAX_COMMIT="\"$(cat .commit 2>/dev/null)+08/09\"" tests/gpu/test_stages.cu \
  build/lib/step08.o build/lib/step09.o build/common/*.o -o build/test_0809 \
  -L.deps/lib -Xlinker -rpath="$PWD/.deps/lib" -lbenchmark -lpthread >> "$R/build.log" 2>&1 || note "test build failed"
note "built"

[ -x build/test_0809 ] && { timeout 70 build/test_0809 -tce="*index overflow*" > "$R/test_0809.txt" 2>&1; note "test_0809 exit $?"; }
bench step08_f16 ./step08 --dtype f16 --iters 30
bench step09 ./step09 --iters 30
bench step09_two_launch env STEP09_MODE=two-launch ./step09 --iters 30
left && { timeout 60 python3 docs/08_torch_compare.py --dtype f16 --iters 30 --out "$R/step08_torch_f16.json" > "$R/step08_torch_f16.txt" 2>&1; note "torch f16 exit $?"; }
for p in register medium extreme twopass splitk; do
  bench step08_f16_$p env STEP08_PATH=$p ./step08 --dtype f16 --iters 20
done
for n in 65536 131072 262144; do
  bench step08_f16_twopass_r2_$n env STEP08_PATH=twopass STEP08_ROWS_PER_SM=2 ./step08 --dtype f16 --rows 2048 --cols $n --iters 20
done
bench step08_bf16 ./step08 --dtype bf16 --iters 30
left && { timeout 40 python3 docs/08_torch_compare.py --dtype bf16 --iters 30 --out "$R/step08_torch_bf16.json" > "$R/step08_torch_bf16.txt" 2>&1; note "torch bf16 exit $?"; }
bench step08_f32 ./step08 --dtype f32 --iters 20
left && [ -x build/test_0809 ] && { timeout $((BUDGET - SECONDS + 10)) build/test_0809 -tc="*index overflow*" > "$R/test_0809_2e31.txt" 2>&1; note "test_0809 2^31 exit $?"; }
note "done"
