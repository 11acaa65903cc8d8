#!/usr/bin/env bash
# The device run behind results/h100/step0{3,4,5}.{json,txt}: build stages 03-05, validate, run the
# default sweeps, then a few rows of N % 4 != 0. Everything lands in one tarball under $OUT.
# (step05.tuning.txt came from an earlier version of this script and of steps/05_online.cu.)
set -u
OUT=${OUT:-/tmp/out}
R=$(mktemp -d)
t0=$(date +%s)
make DEPS=.deps -j3 step03 step04 step05 > "$R/build.log" 2>&1 || { tail -n 30 "$R/build.log"; exit 1; }
echo "build $(( $(date +%s) - t0 )) s"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv > "$R/nvidia-smi.txt"
date -u > "$R/date.txt"
for s in 03 04 05; do
  ./step$s --check && ./step$s --iters 30 --benchmark_out="$R/step$s.json" --benchmark_out_format=json > "$R/step$s.txt" 2>&1
  echo "step$s rc=$? ($(( $(date +%s) - t0 )) s)"
done
row() { ./step$1 --rows 2048 --cols $2 --iters 30 2>&1 | grep -E "^ +2048 |error" | sed "s/^/step$1 /"; }
{ row 03 4093; row 04 4097; row 04 32765; row 05 1000; row 05 4099; row 05 12345; row 05 32765; } > "$R/odd.txt"
tar -C "$R" -czf "$OUT/results.tgz" .
for s in 03 04 05; do echo "== step$s"; sed -n '/median_us/,$p' "$R/step$s.txt"; done
cat "$R/odd.txt"
