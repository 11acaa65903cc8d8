#!/usr/bin/env bash
# Forty-first session: the fortieth found fp32 2048 x 2048 (and the copy at 2048 x 2048 ... 8192)
# 7-21% faster in bench/peers.py beside all seventeen implementations than beside four
# (explore/session40/order/), with no cause found. Are the GPU's clocks or P-state what differ?
# nvidia-smi samples the P-state, SM and memory clocks, power and temperature every 20 ms (reading
# them only) while each of these runs, and clocks.py summarises each run's samples:
#   four    bench/peers.py on fp32 2048 x 2048 alone, with the dispatcher, stages 03 and 08 and
#           Triton's fused kernel (the fortieth session's order part)
#   every   the same shape with every implementation of the full run (its order2 part)
#   harness ./step08 and ./step03 on the same shape, 30 iterations each, three times
# Run from the repository root after the build (device_build.sh).
here=$(dirname "$0")
sample() { nvidia-smi --query-gpu=timestamp,pstate,clocks.sm,clocks.mem,power.draw,temperature.gpu \
             --format=csv,noheader -lms 20 > $R/clocks-$1.csv 2>&1 & smi=$!; }
every=torch,torch_compile,triton_fused,triton_online,step01,step02,step03,step04,step05,step06,step07,step07b,step08,step09,step10,step11,step12
for run in four every; do
  impls=step03,step08,step11,triton_fused; [ $run = every ] && impls=$every
  sample $run
  GIT_DIR=/nonexistent timeout 150 python3 bench/peers.py --lib build/libsoftmax.so --dtypes f32 --sweeps batch \
    --filter '/M:2048/N:2048$' --impls $impls --out $R/peers-$run.json > $R/peers-$run.txt 2>&1
  echo "$run exit $? at ${SECONDS}s"
  kill $smi; wait $smi 2>/dev/null
  python3 -c "import json,sys; [print(sys.argv[2], r['M'], r['N'], r['impl'], round(r['median_us'], 2)) for r in json.load(open(sys.argv[1]))['records'] if r.get('median_us') and r['impl'] in ('copy', 'step03', 'step08', 'step11', 'triton_fused')]" $R/peers-$run.json $run
done
sample harness
for round in 1 2 3; do
  for st in step08 step03; do
    echo "harness $st $(./$st --rows 2048 --cols 2048 --iters 30 2>&1 | grep -E '^ *2048 +2048 ' | awk '{print $4, "us", $NF}')"
  done
done
kill $smi; wait $smi 2>/dev/null
python3 $here/clocks.py $R/clocks-four.csv $R/clocks-every.csv $R/clocks-harness.csv
