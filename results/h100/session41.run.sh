#!/usr/bin/env bash
# Device runs of the forty-first session (2026-11-28). Each call builds on the device first
# (device_build.sh: Google Benchmark and doctest carried in .deps, the commit in .commit), then:
#   OUT=... bash results/h100/session41.run.sh first   every test-gpu case on stages 09, 10 and 12
#     (their last full records were on older common/ code), while three geometries of stage 08's
#     teams build (explore/session41/geometry.sh); then those geometries against HEAD on rows of
#     2-8 KB
#   OUT=... bash results/h100/session41.run.sh final   every stage and peer on bench/peers.py's
#     default sweeps (the README's table), the dispatcher's sweeps in three dtypes, then every
#     test-gpu case on stages 01-07b until the call's time runs out (stage 08's kernels did not
#     change: no geometry of first was faster on the shapes it was for)
#   OUT=... bash results/h100/session41.run.sh clocks   the GPU's P-state, clocks and power, sampled
#     by nvidia-smi, while fp32 2048 x 2048 runs in bench/peers.py beside four implementations and
#     beside all seventeen, and in the stages' own harness (explore/session41/clocks.sh)
#   OUT=... bash results/h100/session41.run.sh placement   fp32 2048 x 1024 ... 4096 with y at gaps
#     of 0 to 40 MB after x, the copy, stages 03 and 08 and Triton's fused kernel timed as
#     bench/peers.py times them (explore/session41/placement.py)
#   OUT=... bash results/h100/session41.run.sh spin   the spin's calibration on an idle GPU and a
#     loaded one, and fp32 2048 x 2048 and 4096 timed after spins of 0-400 us (explore/session41/spin.py)
#   OUT=... bash results/h100/session41.run.sh bisect   fp32 2048 x 2048 in bench/peers.py beside
#     the four of part clocks plus torch.compile; plus stages 09, 10 and 12; plus the rest
#   OUT=... bash results/h100/session41.run.sh compiled   the copy and stages 03 and 08 at fp32
#     2048 x 2048 before and after torch.compile in one process (explore/session41/compiled.py)
#   OUT=... bash results/h100/session41.run.sh evict   the same after each round runs torch.compile's
#     softmax on x, with and without cuCtxResetPersistingL2Cache before each flush (evict.py)
#   OUT=... bash results/h100/session41.run.sh fix   bench/peers.py with that reset before every flush:
#     fp32 2048 x 2048 beside stages 03, 08, 11, Triton fused and torch.compile (ran as a shell line:
#     the library alone built, at a5468ee with the reset not yet committed; it is in the next commit)
# Ran on one H100: first at 4175431, final at 794fb1a; then, from a shell line in the call, part
# t0811 (`tests 08-11 08,11 400 "*"`) and part again (`peers m2048,batch,vector "" 400 6`), each
# after sourcing device_build.sh with PROBES set as here (explore/README.md, forty-first session);
# clocks at 7b24d12, placement at 9109d73, spin at 5b2b488, bisect at 5b2b488 (the part not yet
# committed), compiled at 9533961, evict at a5468ee, fix as its comment says.
set -u
part=${1:-first}
PROBES=results/h100/explore/session41
. results/h100/device_build.sh  # the build, nvidia-smi, R, B, ALL, budget, run, sweeps, tests, probe, peers
export DEPS R commit  # for the probe scripts, which run as their own processes
case $part in
first)
  (BUILD_ONLY=1 bash $PROBES/geometry.sh > $R/geometry-build.txt 2>&1) &
  tests 09-10-12 09,10,12 $((330 - SECONDS)) "*"
  wait; cat $R/geometry-build.txt
  export RUN_ONLY=1 PROBE_UNTIL=$((580 - SECONDS)); probe geometry 595 ;;  # (the probe's clock starts at 0)
final)
  peers m2048,batch,vector "" 400 12
  sweeps step11
  tests 01-07b 01,02,03,04,05,06,07,07b $((590 - SECONDS)) "*" ;;
clocks)
  probe clocks 590 ;;
placement)
  timeout 400 python3 $PROBES/placement.py build/libsoftmax.so > $R/placement.txt 2>&1; echo "placement exit $?"
  cat $R/placement.txt ;;
spin)
  timeout 300 python3 $PROBES/spin.py build/libsoftmax.so > $R/spin.txt 2>&1; echo "spin exit $?"
  cat $R/spin.txt ;;
bisect)
  four=step03,step08,step11,triton_fused
  for add in torch_compile step09,step10,step12 torch,triton_online,step01,step02,step04,step05,step06,step07; do
    GIT_DIR=/nonexistent timeout 150 python3 bench/peers.py --lib build/libsoftmax.so --dtypes f32 --sweeps batch \
      --filter '/M:2048/N:2048$' --impls $four,$add --out $R/peers-${add%%,*}.json > $R/peers-${add%%,*}.txt 2>&1
    echo "+$add exit $? at ${SECONDS}s"
    python3 -c "import json,sys; [print(sys.argv[2], r['impl'], round(r['median_us'], 2)) for r in json.load(open(sys.argv[1]))['records'] if r.get('median_us') and r['impl'] in ('copy', 'step03', 'step08', 'triton_fused')]" $R/peers-${add%%,*}.json "+${add%%,*}"
  done ;;
compiled)
  timeout 200 python3 $PROBES/compiled.py build/libsoftmax.so > $R/compiled.txt 2>&1; echo "compiled exit $?"
  cat $R/compiled.txt ;;
evict)
  TORCH_LOGS=output_code timeout 200 python3 $PROBES/evict.py build/libsoftmax.so > $R/evict.txt 2>&1; echo "evict exit $?"
  grep -E "^(base|after|reset) |eviction_policy|Error|error" $R/evict.txt | cut -c1-240 | head -n 20 ;;
fix)
  GIT_DIR=/nonexistent timeout 60 python3 bench/peers.py --lib build/libsoftmax.so --dtypes f32 --sweeps batch \
    --filter '/M:2048/N:2048$' --impls step03,step08,step11,triton_fused,torch_compile --out $R/peers-fix.json \
    > $R/peers-fix.txt 2>&1; echo "peers $? at ${SECONDS}s" ;;
esac
