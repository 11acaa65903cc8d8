#!/usr/bin/env python3
"""Sixtieth session (H200), no timing: the launch torch.compile picks for the "small" sweep's fp32
65536 x 512 (where it was 1.5-2.0% ahead of stage 08 in three sweeps): the Triton kernel's
num_warps and XBLOCK (Inductor's .best_config if it autotuned, else the kernel's one config), and
the load, store and exponential instructions of its PTX. Run with TORCHINDUCTOR_CACHE_DIR and
TRITON_CACHE_DIR pointing at fresh folders; the PTX is copied to PTX_OUT if set. Since the
sixty-second session another shape may be named: inductor512.py M N (fp32)."""
import glob
import json
import os
import re
import shutil
import sys

import torch

m, n = (int(sys.argv[1]), int(sys.argv[2])) if len(sys.argv) == 3 else (65536, 512)
x = torch.randn(m, n, device="cuda", dtype=torch.float32)
fn = torch.compile(lambda t: torch.softmax(t, dim=-1), dynamic=False)
y = fn(x)
torch.cuda.synchronize()
err = (y - torch.softmax(x.double(), dim=-1).float()).abs().max().item()
print(f"f32 {m} x {n}: compiled, max abs error {err:.2e}")
for path in sorted(glob.glob(os.path.join(os.environ.get("TORCHINDUCTOR_CACHE_DIR", "."), "**", "*.best_config"),
                          recursive=True)):
    print("best_config", os.path.basename(path), open(path).read().strip())
for path in sorted(glob.glob(os.path.join(os.environ.get("TRITON_CACHE_DIR", "."), "**", "*.json"), recursive=True)):
    meta = json.load(open(path))
    if not isinstance(meta, dict) or "num_warps" not in meta:
        continue
    keep = {k: meta[k] for k in ("name", "num_warps", "num_stages", "num_ctas", "shared", "constants") if k in meta}
    print("triton", os.path.basename(path), json.dumps(keep, default=str))
    ptx = path[:-5] + ".ptx"
    if os.path.exists(ptx):
        text = open(ptx).read()
        ops = re.findall(r"^\s*((?:ld|st|ex2|rcp|div|bar|shfl)\.[\w.]+)", text, re.M)
        counts = {}
        for op in ops:
            counts[op] = counts.get(op, 0) + 1
        print("  ptx ops", json.dumps(counts, sort_keys=True))
        print("  ptx", "".join(l for l in text.splitlines(True) if ".maxntid" in l or ".reqntid" in l).strip())
        if os.environ.get("PTX_OUT"):
            shutil.copy(ptx, os.environ["PTX_OUT"])
