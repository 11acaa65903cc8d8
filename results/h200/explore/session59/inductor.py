#!/usr/bin/env python3
"""Fifty-ninth session (H200), no timing: what torch.compile generates for the "small" sweep's
fp32 shapes where it is ahead of stage 08 (rows of 2, 4, 16 and 512), as bench/peers.py compiles
it (torch.softmax over the last dim, static shapes). Run with TORCHINDUCTOR_CACHE_DIR and
TRITON_CACHE_DIR pointing at a folder to keep: the generated Python (the Triton kernel, its launch
grid, num_warps) and Triton's IR and PTX land there. Prints each shape's kernel names."""
import glob
import os

import torch

SHAPES = [(16777216, 2), (8388608, 4), (2097152, 16), (65536, 512), (8388608, 3)]
for m, n in SHAPES:
    x = torch.randn(m, n, device="cuda", dtype=torch.float32)
    fn = torch.compile(lambda t: torch.softmax(t, dim=-1), dynamic=False)
    y = fn(x)
    torch.cuda.synchronize()
    err = (y - torch.softmax(x.double(), dim=-1).float()).abs().max().item()
    print(f"f32 {m} x {n}: compiled, max abs error {err:.2e}")
    torch._dynamo.reset()
root = os.environ.get("TORCHINDUCTOR_CACHE_DIR", "")
for py in sorted(glob.glob(os.path.join(root, "**", "*.py"), recursive=True)):
    text = open(py).read()
    if "@triton.jit" in text:
        print("==", os.path.relpath(py, root))
