#!/usr/bin/env python3
"""Time torch.softmax on the shapes of stage 08, the way the harness times a stage.

CUDA events around one call, L2 flushed before each timed iteration (a memset of twice the L2),
3 warm-up calls, the median of --iters timed calls; bandwidth = 2 * M * N * sizeof(T) / time.
Writes one JSON object per shape (and prints a table). Usage on a GPU machine:

    python3 docs/08_torch_compare.py --dtype f16 --iters 30 --out results/h100/step08_torch.json
"""
import argparse
import datetime
import json
import statistics

import torch


def shapes():
    s = [(2048, n) for n in (2 ** k for k in range(10, 19))]  # 2048 x 1024 .. 262144
    s.append((128, 1024))
    s += [(4, 2 ** k) for k in range(14, 26)]  # 4 x 16384 .. 2^25
    return s


def make_input(m, n, dtype, gen):
    # Standard normal with about 1 in 256 values scaled by 40, like the harness's random input.
    x = torch.randn(m, n, device="cuda", dtype=torch.float32, generator=gen)
    spikes = torch.rand(m, n, device="cuda", generator=gen) < 1.0 / 256
    x = torch.where(spikes, 40.0 * x, x)
    return x.to(dtype)


def time_softmax(x, iters, flush):
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    for _ in range(3):
        torch.softmax(x, dim=-1)
    torch.cuda.synchronize()
    ms = []
    for _ in range(iters):
        flush.zero_()
        start.record()
        torch.softmax(x, dim=-1)
        stop.record()
        stop.synchronize()
        ms.append(start.elapsed_time(stop))
    return statistics.median(ms)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dtype", choices=["f16", "bf16", "f32"], default="f16")
    ap.add_argument("--iters", type=int, default=30)
    ap.add_argument("--out", default=None)
    a = ap.parse_args()
    dtype = {"f16": torch.float16, "bf16": torch.bfloat16, "f32": torch.float32}[a.dtype]
    props = torch.cuda.get_device_properties(0)
    l2 = getattr(props, "L2_cache_size", 50 << 20)
    flush = torch.empty(max(2 * l2, 64 << 20), dtype=torch.uint8, device="cuda")
    gen = torch.Generator(device="cuda").manual_seed(42)
    meta = {"gpu": props.name, "torch": torch.__version__, "cuda": torch.version.cuda,
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "method": "CUDA events, L2 flushed before each iteration, 3 warm-up runs, median"}
    rows = []
    print(f"torch {meta['torch']} on {meta['gpu']}, {a.dtype}")
    print(f"{'M':>8} {'N':>10} {'median_us':>12} {'GB/s':>10}")
    for m, n in shapes():
        x = make_input(m, n, dtype, gen)
        us = time_softmax(x, a.iters, flush) * 1e3
        gbps = 2 * m * n * x.element_size() / (us * 1e-6) / 1e9
        rows.append({"M": m, "N": n, "dtype": a.dtype, "median_us": us, "GB/s": gbps})
        print(f"{m:>8} {n:>10} {us:>12.2f} {gbps:>10.1f}", flush=True)
        del x
    if a.out:
        with open(a.out, "w") as f:
            json.dump({"context": meta, "rows": rows}, f, indent=1)


if __name__ == "__main__":
    main()
