"""Forty-first session: does torch.compile's kernel leave x in L2 across bench/peers.py's flush?

bisect/ found fp32 2048 x 2048 18% faster for every implementation once torch.compile was in the
rounds; compiled.py found torch.compile itself (compiled on a small tensor) changing nothing. At
2048 x 2048 Inductor writes a looped reduction, whose first pass may load x with
eviction_policy='evict_last' (run with TORCH_LOGS=output_code to see its source). Lines kept at
that priority may outlive the flush's memset. In one process (peers.py's timing: L2 flush, 200 us
spin, events; 40 rounds, medians in us), the copy and stages 03 and 08:
  base      no compiled call in the process yet
  after     each round first runs the compiled softmax on x (untimed), as in a full peers run
  reset     the same, with cuCtxResetPersistingL2Cache (driver API) before each flush
Usage: TORCH_LOGS=output_code python3 evict.py build/libsoftmax.so"""
import ctypes
import os
import random
import statistics
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "../../../../bench"))
from softmax_lib import SoftmaxLib  # noqa: E402

lib = SoftmaxLib(sys.argv[1])
cuda = ctypes.CDLL("libcuda.so.1")
stages = {s.impl: s for s in lib.stages()}
l2 = torch.cuda.get_device_properties(0).L2_cache_size
flush = torch.empty(max(2 * l2, 64 << 20), dtype=torch.uint8, device="cuda")
start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
torch.cuda._sleep(1000)
start.record(); torch.cuda._sleep(1_000_000); stop.record(); stop.synchronize()
rate = 1_000_000 / (start.elapsed_time(stop) * 1e3)
x = torch.empty((2048, 2048), dtype=torch.float32, device="cuda")
y = torch.empty_like(x)
lib.fill_random(x, "f32", 42)
impls = {"copy": lambda: y.copy_(x)}
for impl in ("step03", "step08"):
    impls[impl] = (lambda s=stages[impl]: lib.launch(s, "f32", x, y))
compiled = torch.compile(lambda t: torch.softmax(t, dim=-1), dynamic=False)


def measure(label, before=None, reset=False):
    for fn in impls.values():
        fn()
    times, order, rng = {k: [] for k in impls}, list(impls), random.Random(42)
    for _ in range(40):
        if before:
            before()
        rng.shuffle(order)
        for k in order:
            if reset:
                rc = cuda.cuCtxResetPersistingL2Cache()
                assert rc == 0, f"cuCtxResetPersistingL2Cache: {rc}"
            flush.zero_(); torch.cuda._sleep(int(rate * 200))
            start.record(); impls[k](); stop.record(); stop.synchronize()
            times[k].append(start.elapsed_time(stop) * 1e3)
    print(f"{label:6} " + "  ".join(f"{k} {statistics.median(v):.2f}" for k, v in times.items()), flush=True)


measure("base")
compiled(x); torch.cuda.synchronize()
measure("after", before=lambda: compiled(x))
measure("reset", before=lambda: compiled(x), reset=True)
measure("after", before=lambda: compiled(x))
