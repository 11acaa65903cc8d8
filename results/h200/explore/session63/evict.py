#!/usr/bin/env python3
"""Sixty-third session (H200): what stage 08's groups of one pack leave in the L2 for the kernels
after them, as the stage is (STEP08_PACK_CS unset) and with x loaded under an L2 evict_last policy
(knobs3.patch, STEP08_PACK_CS=6; the knob is read once a process, so run this once per form), and
what torch.compile's kernel leaves, on fp32 16777216 x 2 (x 128 MiB). Each of ITERS rounds: reset
the persisting lines (cuCtxResetPersistingL2Cache) and flush (bench/peers.py's Timer), run the
kernel on x, then
  after_flush   a memset of 120 MiB (no reset), then a timed copy of x: where lines the kernel
                loaded survive the memset, the copy reads them from L2 and takes less time;
  reread        (a second round, no memset) a 40 MiB buffer copied twice, the second copy timed:
                it reads its source again from the L2 where the kernel's lines leave it room.
Medians in us. Usage: [STEP08_PACK_CS=6] evict.py LIB [ITERS]."""
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "bench"))
import peers  # noqa: E402
from softmax_lib import SoftmaxLib  # noqa: E402

lib = SoftmaxLib(sys.argv[1])
iters = int(sys.argv[2]) if len(sys.argv) > 2 else 50
st08 = next(s for s in lib.stages() if s.id == "08")
timer = peers.Timer(torch)
fn = torch.compile(lambda t: torch.softmax(t, dim=-1), dynamic=False)
m, n = 16777216, 2
x = torch.empty((m, n), dtype=torch.float32, device="cuda")
lib.fill_random(x, "f32", 42)
y = torch.empty_like(x)
x2 = torch.empty_like(x)
a = torch.empty(40 << 20, dtype=torch.uint8, device="cuda").fill_(1)
b = torch.empty_like(a)
box = {}
kernels = {"08": lambda: lib.launch(st08, "f32", x, y), "compile": lambda: box.update(t=fn(x)),
           "none": lambda: None}
for k in kernels.values():
    k()
torch.cuda.synchronize()
err = peers.check_output(torch, x, y, "f32")
if err:
    sys.exit(f"08: check failed: {err}")
start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)


def timed(fn_):
    start.record()
    fn_()
    stop.record()
    stop.synchronize()
    return start.elapsed_time(stop) * 1e3


def prepare(kernel):
    if timer.reset_l2:
        timer.reset_l2()
    timer.flush.zero_()
    kernel()


form = os.environ.get("STEP08_PACK_CS", "") or "stage"
for name, kernel in kernels.items():
    after, reread = [], []
    for _ in range(iters):
        prepare(kernel)
        timer.flush[: 120 << 20].zero_()
        after.append(timed(lambda: x2.copy_(x)))
        prepare(kernel)
        b.copy_(a)
        reread.append(timed(lambda: b.copy_(a)))
    print(f"CS={form} kernel {name:8} after_flush copy of x {peers.median(after):8.2f} us   "
          f"reread of 40 MiB {peers.median(reread):7.2f} us")
if timer.reset_l2:
    timer.reset_l2()
