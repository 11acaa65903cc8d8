#!/usr/bin/env python3
"""Sixty-third session (H200): does the output buffer's place explain torch.compile's ~1% lead on
fp32 16777216 x 2 and 8388608 x 4? In bench/peers.py the copy and the project's stages write into
y, allocated right after x, while torch.softmax and torch.compile allocate a fresh output on every
call. Here, with peers.py's Timer and time_rounds (L2 reset and flush, GPU spin, events, shuffled
rounds, medians), on each shape:
  copy        y.copy_(x), y right after x (peers.py's copy)
  copy_fresh  x.clone(): a fresh output each call, as torch's calls get
  s08         stage 08 into y (peers.py's stage calls)
  s08_fresh   stage 08 into torch.empty_like(x) made on each call
  s08_far     stage 08 into a buffer allocated after 1 GiB more
  compile     torch.compile(torch.softmax), its own fresh output
Each output is checked against torch.softmax in double first. Usage: placement.py LIB [ITERS]."""
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "bench"))
import peers  # noqa: E402
from softmax_lib import SoftmaxLib  # noqa: E402

lib = SoftmaxLib(sys.argv[1])
iters = int(sys.argv[2]) if len(sys.argv) > 2 else 100
st08 = next(s for s in lib.stages() if s.id == "08")
timer = peers.Timer(torch)
fn = torch.compile(lambda t: torch.softmax(t, dim=-1), dynamic=False)
SHAPES = [("f32", 16777216, 2), ("f32", 8388608, 4), ("f16", 16777216, 2), ("f32", 2048, 8192)]
DT = {"f32": torch.float32, "f16": torch.float16}
for j, (dtype, m, n) in enumerate(SHAPES):
    x = torch.empty((m, n), dtype=DT[dtype], device="cuda")
    lib.fill_random(x, dtype, 42)
    y = torch.empty_like(x)
    pad = torch.empty(1 << 30, dtype=torch.uint8, device="cuda")
    y_far = torch.empty_like(x)
    box = {}

    def fresh08():
        box["s"] = torch.empty_like(x)
        lib.launch(st08, dtype, x, box["s"])

    def clone():
        box["c"] = x.clone()

    def comp():
        box["t"] = fn(x)

    calls = {"copy": lambda: y.copy_(x), "copy_fresh": clone, "s08": lambda: lib.launch(st08, dtype, x, y),
             "s08_fresh": fresh08, "s08_far": lambda: lib.launch(st08, dtype, x, y_far), "compile": comp}
    outs = {"s08": lambda: y, "s08_fresh": lambda: box["s"], "s08_far": lambda: y_far, "compile": lambda: box["t"]}
    for k in calls:
        calls[k]()
        calls[k]()
    torch.cuda.synchronize()
    for k, out in outs.items():
        err = peers.check_output(torch, x, out(), dtype)
        if err:
            sys.exit(f"{k} {dtype} {m} x {n}: check failed: {err}")
    where = {"y": y.data_ptr(), "y_far": y_far.data_ptr(), "fresh": box["s"].data_ptr(),
             "compile": box["t"].data_ptr(), "clone": box["c"].data_ptr()}
    ms = {k: peers.median(v) for k, v in peers.time_rounds(timer, calls, iters, 42 + j).items()}
    moved = 2.0 * x.numel() * x.element_size()
    print(f"{dtype} {m} x {n}: x at {x.data_ptr():#x}; outputs at x + "
          + ", ".join(f"{k} {(p - x.data_ptr()) / 2**20:+.0f} MiB" for k, p in where.items()))
    for k, t in ms.items():
        print(f"  {k:11} {t * 1e3:8.2f} us {moved / t / 1e6:7.0f} GB/s {100 * ms['copy'] / t:6.1f}% of copy")
    x = y = y_far = pad = None
    box.clear()
    torch.cuda.empty_cache()
