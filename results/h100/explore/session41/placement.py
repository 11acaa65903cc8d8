"""Forty-first session: does where y lies relative to x decide the 16-64 MB shapes' times?

The fortieth session found the copy of fp32 2048 x 2048 taking 15.8 us in bench/peers.py beside
four implementations and 12.9 beside seventeen, with stage 08 and 03 trading places (explore/
session40/order/). The clocks probe (clocks.sh) saw the same P-state, SM and memory clocks in both.
What else differs is the allocations before the shape's x and y, so where they land. Here x and y
are carved from one allocation, y starting `gap` bytes after x ends, and each (gap, implementation)
is timed as bench/peers.py times a call (L2 flush, a 200 us GPU spin, start event, call, stop
event), in 60 rounds of shuffled order; medians in us.
Usage: python3 placement.py build/libsoftmax.so"""
import os
import random
import statistics
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "../../../../bench"))
from softmax_lib import SoftmaxLib  # noqa: E402
import triton_softmax as ts  # noqa: E402

lib = SoftmaxLib(sys.argv[1])
stages = {s.impl: s for s in lib.stages()}
l2 = torch.cuda.get_device_properties(0).L2_cache_size
flush = torch.empty(max(2 * l2, 64 << 20), dtype=torch.uint8, device="cuda")
start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
for _ in range(3):  # calibrate on a busy GPU: cycles for 200 us
    torch.cuda._sleep(1000)
    start.record(); torch.cuda._sleep(1_000_000); stop.record(); stop.synchronize()
spin = int(1_000_000 * 200 / (start.elapsed_time(stop) * 1e3))
MB = 1 << 20
GAPS = [0, 64 << 10, 1 * MB, 2 * MB, 6 * MB, 16 * MB, 40 * MB]


def timed(fn):
    flush.zero_(); torch.cuda._sleep(spin)
    start.record(); fn(); stop.record(); stop.synchronize()
    return start.elapsed_time(stop) * 1e3


for M, N in [(2048, 2048), (2048, 4096), (2048, 1024)]:
    n = M * N
    pool = torch.empty(2 * n + max(GAPS) // 4 + 1024, dtype=torch.float32, device="cuda")
    calls = {}
    for gap in GAPS:
        x = pool[:n].view(M, N)
        y = pool[n + gap // 4: 2 * n + gap // 4].view(M, N)
        lib.fill_random(x, "f32", 42)
        calls[(gap, "copy")] = (lambda x=x, y=y: y.copy_(x))
        for impl in ("step03", "step08"):
            calls[(gap, impl)] = (lambda x=x, y=y, s=stages[impl]: lib.launch(s, "f32", x, y))
        calls[(gap, "triton_fused")] = (lambda x=x, y=y: ts.softmax_fused(x, y))
    for fn in calls.values():
        fn()
    torch.cuda.synchronize()
    times = {k: [] for k in calls}
    rng, order = random.Random(42), list(calls)
    for _ in range(60):
        rng.shuffle(order)
        for k in order:
            times[k].append(timed(calls[k]))
    print(f"f32 {M} x {N} ({4 * n // MB} MB each; x at {pool.data_ptr():#x}): median us")
    print("  gap after x    copy  step03  step08  triton_fused")
    for gap in GAPS:
        print(f"  {gap // 1024:8d} KB " + "".join(f"{statistics.median(times[(gap, i)]):8.2f}"
                                              for i in ("copy", "step03", "step08", "triton_fused")))
    del pool, calls
    torch.cuda.empty_cache()
