#!/usr/bin/env bash
# Device runs of the fortieth session (2026-11-28). Each call builds on the device first
# (device_build.sh: Google Benchmark and doctest carried in .deps, the commit in .commit), then:
#   OUT=... bash results/h100/session40.run.sh latency   what torch.compile runs on the latency-bound
#     shapes (explore/session40/inductor.py, while the variants build), then stage 08's team
#     reductions and 8-warp teams for 4 KB rows against HEAD (explore/session40/reduce.sh)
#   OUT=... bash results/h100/session40.run.sh check   the shorter second level in stage 08's teams
#     of 2-8 warps against the five steps on few-row shapes (explore/session40/chain.sh), those
#     teams under compute-sanitizer (sanitize.sh), then every test-gpu case on stages 08 and 11
#   OUT=... bash results/h100/session40.run.sh final   every stage and peer on bench/peers.py's
#     default sweeps (the README's table)
#   OUT=... bash results/h100/session40.run.sh warp2k   fp32 rows of 6.5-8 KB on stages 03 and 08
#     (explore/session40/warp2k.sh)
#   OUT=... bash results/h100/session40.run.sh l2state   stages 03 and 08, Triton's fused kernel and
#     the copy timed after the flush with the GPU spin between them (peers.py's order) and before
#     them (the L2 left dirty, as ./stepNN times): explore/session40/l2state.py
#   OUT=... bash results/h100/session40.run.sh order   fp32 2048 x 2048 in bench/peers.py alone
#     (--filter), then within fp32's m2048 and batch sweeps, stages 03, 08 and 11 and Triton fused:
#     does what ran before it in the process change its times?
#   OUT=... bash results/h100/session40.run.sh order2   fp32 2048 x 2048 alone again, with every
#     implementation (the full run's list) instead of four
# Ran on one H100: latency at 2c4b1a9, check and final at c88d8b7 (final's first try stopped at
# once: the peers helper passed an empty --impls, fixed in 778bbd9), warp2k at 778bbd9, l2state at
# 10a1b1a, order at 1fd1b0e, order2 at d23118a (outputs in explore/session40/order/).
set -u
part=${1:-latency}
PROBES=results/h100/explore/session40
. results/h100/device_build.sh  # the build, nvidia-smi, R, B, ALL, budget, run, sweeps, tests, probe, peers
case $part in
latency)
  (timeout 200 python3 $PROBES/inductor.py > $R/inductor.txt 2>&1; echo "inductor exit $?" >> $R/inductor.txt) &
  export PROBE_UNTIL=560 ROUNDS=3; probe reduce 580
  wait
  grep -E "^KERNEL|exit|^torch" $R/inductor.txt ;;
check)
  probe chain 230
  probe sanitize 290
  tests 08-11 08,11 $((590 - SECONDS)) "*" ;;
final)
  peers m2048,batch,vector "" 590 12 ;;  # the default sweeps, every implementation
warp2k)
  probe warp2k 400 ;;
l2state)
  timeout 300 python3 $PROBES/l2state.py build/libsoftmax.so > $R/l2state.txt 2>&1; echo "l2state exit $?"
  cat $R/l2state.txt ;;
order)
  for run in ${RUNS:-alone sweep}; do
    if [ $run = alone ]; then sel=(--sweeps batch --filter '/M:2048/N:2048$'); else sel=(--sweeps m2048,batch); fi
    GIT_DIR=/nonexistent timeout 200 python3 bench/peers.py --lib build/libsoftmax.so --dtypes f32 "${sel[@]}" \
      --impls ${IMPLS:-step03,step08,step11,triton_fused} --out $R/peers-$run.json > $R/peers-$run.txt 2>&1
    echo "$run exit $? at ${SECONDS}s"
    python3 -c "import json,sys; [print(sys.argv[2], r['M'], r['N'], r['impl'], round(r['median_us'], 2)) for r in json.load(open(sys.argv[1]))['records'] if r['N'] <= 4096 and r.get('median_us')]" $R/peers-$run.json $run
  done ;;
order2)
  every=torch,torch_compile,triton_fused,triton_online,step01,step02,step03,step04,step05,step06,step07,step07b,step08,step09,step10,step11,step12
  GIT_DIR=/nonexistent timeout 300 python3 bench/peers.py --lib build/libsoftmax.so --dtypes f32 --sweeps batch \
    --filter '/M:2048/N:2048$' --impls $every --out $R/peers-every.json > $R/peers-every.txt 2>&1
  echo "every exit $? at ${SECONDS}s"
  python3 -c "import json,sys; [print(r['M'], r['N'], r['impl'], round(r['median_us'], 2)) for r in json.load(open(sys.argv[1]))['records'] if r.get('median_us')]" $R/peers-every.json ;;
esac
