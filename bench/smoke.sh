#!/bin/sh
# smoke.sh — the whole benchmark pipeline once, quickly, on a GPU machine: build every stage that
# compiles and the library of those, a short `make bench`, `peers.py --quick`, and the plots.
#   sh bench/smoke.sh [OUTDIR]        (default /tmp/softmax-smoke; DEPS=prefix passed to make)
# Everything is also packed into OUTDIR.tgz (one file: handy where only a few files come back, e.g.
# `sh bench/smoke.sh /tmp/smoke && cp /tmp/smoke.tgz $OUT/`).
# Environment: PEERS_TIMEOUT / BENCH_TIMEOUT (seconds, default 600 each), BENCH_FILTER (default
# three shapes). The numbers are a quick run's: a check of the pipeline, not results to quote.
set -u
cd "$(dirname "$0")/.."
out=${1:-/tmp/softmax-smoke}
mkdir -p "$out/results"
mk="make ${DEPS:+DEPS=$DEPS} -j$(nproc)"
t0=$(date +%s)
stamp() { echo "== $(( $(date +%s) - t0 ))s: $*"; }

stamp "build every stage (-k: a stage that does not compile is left out)"
$mk -k all > "$out/build.log" 2>&1
built=""
for s in steps/[0-9][0-9]_*.cu; do
  id=$(basename "$s" | cut -c1-2)
  if [ -x "step$id" ] && [ "step$id" -nt "$s" ]; then built="$built $id"; else echo "   step$id did not build"; fi
done
built=$(echo $built)
stamp "stages built: $built; library of those"
$mk lib STAGES="$built" >> "$out/build.log" 2>&1 || { tail -n 20 "$out/build.log"; exit 1; }

stamp "peers.py --quick"
timeout "${PEERS_TIMEOUT:-600}" python3 bench/peers.py --quick --out "$out/results/peers.json" \
  > "$out/peers.txt" 2>&1
echo "   exit $?"; tail -n 45 "$out/peers.txt"

stamp "make bench QUICK=1 (filtered)"
timeout "${BENCH_TIMEOUT:-600}" $mk bench QUICK=1 STAGES="$built" RESULTS="$out/results" \
  FILTER="${BENCH_FILTER:-N:(1024|16384|262144)/}" > "$out/bench.txt" 2>&1
echo "   exit $?"; grep -E '^\[|^bench:' "$out/bench.txt"

stamp "plots"
cp README.md "$out/README.md" 2>/dev/null
if python3 -c "import matplotlib" 2>/dev/null; then
  python3 plots/plot_results.py --results "$out/results" --out "$out/plots" --readme "$out/README.md"
else
  echo "   matplotlib missing here: plot later with plots/plot_results.py --results $out/results"
fi
tar czf "$out.tgz" -C "$out" . && stamp "done: $out (and $out.tgz)"
