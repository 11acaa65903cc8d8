"""Forty-first session: bench/peers.py's fp32 2048 x 2048 ran 18% faster (the copy 12.96 us against
15.7) whenever torch.compile was among the implementations (bisect/). What does torch.compile
change? In one process, the copy and stages 03 and 08 are timed as peers.py times them (L2 flush,
200 us spin, events; 40 rounds of shuffled order, medians in us) at each step:
  fresh          x and y allocated in a new process
  inductor       after importing torch._inductor
  compiled       after torch.compile of a softmax has compiled and run once (on a small tensor)
  new buffers    x, y and the flush buffer allocated again after that
and the allocator's settings and x's address are printed at each.
Usage: python3 compiled.py build/libsoftmax.so"""
import os
import random
import statistics
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "../../../../bench"))
from softmax_lib import SoftmaxLib  # noqa: E402

lib = SoftmaxLib(sys.argv[1])
stages = {s.impl: s for s in lib.stages()}
start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
torch.cuda._sleep(1000)
start.record(); torch.cuda._sleep(1_000_000); stop.record(); stop.synchronize()
rate = 1_000_000 / (start.elapsed_time(stop) * 1e3)
M, N = 2048, 2048


def buffers():
    l2 = torch.cuda.get_device_properties(0).L2_cache_size
    flush = torch.empty(max(2 * l2, 64 << 20), dtype=torch.uint8, device="cuda")
    x = torch.empty((M, N), dtype=torch.float32, device="cuda")
    y = torch.empty_like(x)
    lib.fill_random(x, "f32", 42)
    return flush, x, y


def measure(label, flush, x, y):
    impls = {"copy": lambda: y.copy_(x)}
    for impl in ("step03", "step08"):
        impls[impl] = (lambda s=stages[impl]: lib.launch(s, "f32", x, y))
    for fn in impls.values():
        fn()
    times, order, rng = {k: [] for k in impls}, list(impls), random.Random(42)
    for _ in range(40):
        rng.shuffle(order)
        for k in order:
            flush.zero_(); torch.cuda._sleep(int(rate * 200))
            start.record(); impls[k](); stop.record(); stop.synchronize()
            times[k].append(start.elapsed_time(stop) * 1e3)
    conf = os.environ.get("PYTORCH_CUDA_ALLOC_CONF", "")
    try:
        settings = torch._C._accelerator_getAllocatorSettings()  # noqa: SLF001 (not in every torch)
    except AttributeError:
        settings = "?"
    print(f"{label:12} " + "  ".join(f"{k} {statistics.median(v):.2f}" for k, v in times.items())
          + f"   x at {x.data_ptr():#x}, flush at {flush.data_ptr():#x}; PYTORCH_CUDA_ALLOC_CONF={conf!r}; {settings}")


bufs = buffers()
measure("fresh", *bufs)
import torch._inductor  # noqa: E402,F401
measure("inductor", *bufs)
f = torch.compile(lambda t: torch.softmax(t, -1))
f(torch.randn(64, 64, device="cuda")); torch.cuda.synchronize()
measure("compiled", *bufs)
del bufs
measure("new buffers", *buffers())
