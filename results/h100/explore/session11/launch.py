"""Probe (eleventh session): where stage 08 loses ~1 us to Triton's fused kernel at M = 2048,
N = 2048. Under Nsight Compute the two kernels take the same time (ncu_2048.txt); in peers.py's
timing (memset flush of the L2, GPU spin, CUDA events) Triton is ahead. Time both, in one process,
with the flush as peers.py does it, with no flush, with a flush that reads (a clean L2), and as a
one-node CUDA graph (the same launch path for both). Host microseconds per call are printed too.
    python3 results/h100/explore/session11/launch.py build/libsoftmax.so"""
import os, sys, time
import torch
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "../../../../bench"))
from softmax_lib import SoftmaxLib  # noqa: E402
from triton_softmax import softmax_fused  # noqa: E402
from peers import Timer, median  # noqa: E402

lib = SoftmaxLib(sys.argv[1])
stages = {s.id: s for s in lib.stages()}
timer = Timer(torch)
flush_f = timer.flush.view(torch.float32)
ITERS = 200


def timed(fn, flush):
    out = []
    for _ in range(ITERS):
        flush()
        torch.cuda._sleep(timer.spin_cycles)
        timer.start.record()
        fn()
        timer.stop.record()
        timer.stop.synchronize()
        out.append(timer.start.elapsed_time(timer.stop) * 1e3)
    return median(out)


def graph_of(fn):
    g = torch.cuda.CUDAGraph()
    s = torch.cuda.Stream()
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):
        fn()
        torch.cuda.synchronize()
        with torch.cuda.graph(g, stream=s):
            fn()
    torch.cuda.current_stream().wait_stream(s)
    torch.cuda.synchronize()
    return g.replay


flushes = {"memset": lambda: timer.flush.zero_(), "none": lambda: None,
           "read": lambda: flush_f.sum()}
dt = {"f32": torch.float32, "f16": torch.float16}
for name in ("f32", "f16"):
    for (M, N) in ((2048, 2048), (2048, 1024), (128, 1024), (2048, 16384)):
        x = torch.randn(M, N, device="cuda", dtype=dt[name])
        ys = {k: torch.empty_like(x) for k in ("triton", "08", "11")}
        fns = {"triton": lambda: softmax_fused(x, ys["triton"]),
               "08": lambda: lib.launch(stages["08"], name, x, ys["08"]),
               "11": lambda: lib.launch(stages["11"], name, x, ys["11"])}
        for f in fns.values():
            f()
        torch.cuda.synchronize()
        graphs = {k: graph_of(f) for k, f in fns.items()}
        line = f"{name} {M}x{N}:"
        for k, f in fns.items():
            cells = [f"{fl} {timed(f, flushes[fl]):.2f}" for fl in ("memset", "none", "read")]
            cells.append(f"graph+memset {timed(graphs[k], flushes['memset']):.2f}")
            torch.cuda.synchronize()
            t0 = time.perf_counter()
            for _ in range(1000):
                f()
            host = (time.perf_counter() - t0) * 1e3
            torch.cuda.synchronize()
            line += f"\n  {k:6s} " + "  ".join(cells) + f"  host {host:.1f} us/call"
        print(line, flush=True)
