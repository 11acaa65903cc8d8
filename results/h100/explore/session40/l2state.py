"""Fortieth session: does the state the L2 flush leaves decide whether stage 03 or 08 is faster?

In bench/peers.py (flush, then a 200 us GPU spin, then the start event) stage 03 ran fp32 2048 x
2048 in 12.48-12.64 us and stage 08 in 12.83-13.18; in the stages' own harness (flush, then the
start event at once) 08 took 14.7 and 03 15.5 (warp2k.txt). The flush is a memset, so it leaves L2
full of dirty lines. Here, in one process, each call is timed both ways over the same flush buffer:
  clean: flush, spin, start event, call, stop event (peers.py's order: the spin follows the flush)
  dirty: spin, flush, start event, call, stop event (the spin first, so the host's launch is still
         hidden, but the kernel starts right after the memset, as in ./stepNN)
100 rounds; each round times every (implementation, order) once, shuffled; medians in us.
Usage: python3 l2state.py build/libsoftmax.so"""
import os, random, statistics, sys
import torch

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "../../../../bench"))
from softmax_lib import SoftmaxLib  # noqa: E402
import triton_softmax as ts  # noqa: E402

lib = SoftmaxLib(sys.argv[1])
stages = {s.impl: s for s in lib.stages()}
DT = {"f32": torch.float32, "f16": torch.float16}
l2 = torch.cuda.get_device_properties(0).L2_cache_size
flush = torch.empty(max(2 * l2, 64 << 20), dtype=torch.uint8, device="cuda")
start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
torch.cuda._sleep(1000)
start.record(); torch.cuda._sleep(1_000_000); stop.record(); stop.synchronize()
spin = int(1_000_000 * 200 / (start.elapsed_time(stop) * 1e3))  # cycles for 200 us


def timed(fn, order):
    if order == "clean":
        flush.zero_(); torch.cuda._sleep(spin)
    else:
        torch.cuda._sleep(spin); flush.zero_()
    start.record(); fn(); stop.record(); stop.synchronize()
    return start.elapsed_time(stop) * 1e3


rng = random.Random(42)
for dt, M, N, impls in [("f32", 2048, 2048, ["step03", "step08", "triton_fused"]),
                        ("f32", 2048, 1024, ["step03", "step08", "triton_fused"]),
                        ("f32", 4096, 2048, ["step03", "step08", "triton_fused"]),
                        ("f32", 2048, 4096, ["step03", "step08", "triton_fused"]),
                        ("f16", 2048, 1024, ["step08", "triton_fused"]),
                        ("f32", 128, 1024, ["step08", "triton_fused"])]:
    x = torch.empty(M, N, dtype=DT[dt], device="cuda"); lib.fill_random(x, dt)
    y = torch.empty_like(x)
    calls = {"copy": lambda: y.copy_(x)}
    for k in impls:
        if k == "triton_fused":
            calls[k] = lambda: ts.softmax_fused(x, y)
        else:
            calls[k] = (lambda st: lambda: lib.launch(st, dt, x, y))(stages[k])
    for f in calls.values():
        f(); f(); f()
    torch.cuda.synchronize()
    keys = [(k, o) for k in calls for o in ("clean", "dirty")]
    times = {k: [] for k in keys}
    for _ in range(100):
        rng.shuffle(keys)
        for k in keys:
            times[k].append(timed(calls[k[0]], k[1]))
    line = f"{dt} {M} x {N}:"
    for o in ("clean", "dirty"):
        line += f" | {o}: " + ", ".join(f"{k} {statistics.median(times[(k, o)]):.2f}" for k in calls)
    print(line, flush=True)
