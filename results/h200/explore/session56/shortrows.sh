#!/usr/bin/env bash
# Fifty-sixth session (H200): what limits stage 08 on short rows not in 16-byte packs, which run at
# 78-88% of the copy in the peers' "small" sweep (fp32 / fp16 8388608 x 3: pack_rows, 3 packs a
# thread; halves 4194304 x 10 and 524288 x 50: staged_rows). Nsight Compute on one launch of each
# (the 21st, inside the timed loop), the card's clocks left alone (--clock-control none), caches
# flushed before the replay; then Inductor's code for the three fp32 shapes where torch.compile
# led the dispatcher (16777216 x 2, 8388608 x 4, 65536 x 512), printed by TORCH_LOGS=output_code.
sections="--section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats \
  --section Occupancy --section LaunchStats --section SchedulerStats"
for s in "f32 8388608 3" "f16 8388608 3" "f16 4194304 10" "f16 524288 50" "f32 16777216 2"; do
  set -- $s
  echo "== ncu ./step08 $1 $2 x $3"
  timeout 90 ncu --clock-control none --cache-control all --launch-skip 20 --launch-count 1 $sections \
    ./step08 --dtype $1 --rows $2 --cols $3 --iters 30 2>&1 | grep -v "^check"
done
echo "== Inductor's code"
TORCH_LOGS=output_code timeout 150 python3 - <<'P' 2>&1 | grep -vE "^\s*$" | head -n 400
import torch
for m, n in ((16777216, 2), (8388608, 4), (65536, 512)):
    x = torch.randn(m, n, device="cuda")
    f = torch.compile(lambda t: torch.softmax(t, dim=-1), dynamic=False)
    f(x); torch.cuda.synchronize()
    torch._dynamo.reset()
    print(f"== compiled {m} x {n}")
P
