"""Forty-first session: is the company effect the GPU spin's length?

bench/peers.py calibrates its spin (torch.cuda._sleep counts SM clock cycles) once, when its Timer
is made. A GPU idle at that moment runs at a low clock (345 MHz in clocks.sh's samples against
1980 under load), so the cycles counted for 200 us would last about a sixth of that later. This
prints the calibration twice, first thing (as peers.py's Timer may see the GPU) and after half a
second of memsets, then times fp32 2048 x 2048 and 2048 x 4096 as peers.py does (L2 flush, spin,
start event, call, stop event) with spins of 0 to 400 us at the loaded clock, in 40 rounds of
shuffled order; medians in us.
Usage: python3 spin.py build/libsoftmax.so"""
import os
import random
import statistics
import sys
import time

import torch

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "../../../../bench"))
from softmax_lib import SoftmaxLib  # noqa: E402
import triton_softmax as ts  # noqa: E402

lib = SoftmaxLib(sys.argv[1])
stages = {s.impl: s for s in lib.stages()}
l2 = torch.cuda.get_device_properties(0).L2_cache_size
flush = torch.empty(max(2 * l2, 64 << 20), dtype=torch.uint8, device="cuda")
start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)


def cycles_per_us():
    torch.cuda._sleep(1000)
    start.record(); torch.cuda._sleep(1_000_000); stop.record(); stop.synchronize()
    return 1_000_000 / (start.elapsed_time(stop) * 1e3)


print(f"calibration first thing: {cycles_per_us():.0f} cycles/us")
t0 = time.perf_counter()
while time.perf_counter() - t0 < 0.5:
    for _ in range(50):
        flush.zero_()
    torch.cuda.synchronize()
rate = cycles_per_us()
print(f"calibration after 0.5 s of memsets: {rate:.0f} cycles/us")
SPINS = [0, 10, 35, 100, 200, 400]


def timed(fn, spin_us):
    flush.zero_()
    if spin_us:
        torch.cuda._sleep(int(rate * spin_us))
    start.record(); fn(); stop.record(); stop.synchronize()
    return start.elapsed_time(stop) * 1e3


for M, N in [(2048, 2048), (2048, 4096)]:
    x = torch.empty((M, N), dtype=torch.float32, device="cuda")
    y = torch.empty_like(x)
    lib.fill_random(x, "f32", 42)
    impls = {"copy": lambda: y.copy_(x), "triton_fused": lambda: ts.softmax_fused(x, y)}
    for impl in ("step03", "step08", "step11"):
        impls[impl] = (lambda s=stages[impl]: lib.launch(s, "f32", x, y))
    for fn in impls.values():
        fn()
    calls = [(s, i) for s in SPINS for i in impls]
    times = {k: [] for k in calls}
    rng = random.Random(42)
    for _ in range(40):
        rng.shuffle(calls)
        for s, i in calls:
            times[(s, i)].append(timed(impls[i], s))
    print(f"f32 {M} x {N}: median us")
    print("  spin us " + "".join(f"{i:>13}" for i in impls))
    for s in SPINS:
        print(f"  {s:7d} " + "".join(f"{statistics.median(times[(s, i)]):13.2f}" for i in impls))
    print(f"calibration now: {cycles_per_us():.0f} cycles/us")
