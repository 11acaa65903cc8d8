"""Forty-third session (session40/inductor.py on other shapes): what torch.compile runs for softmax
on fp32 16384 x 256, where it led the dispatcher by 5% in the clean small sweep, and beside it
fp32 131072 x 256 and 65536 x 512 (the same rows, at the copy's speed) and fp16 2048 x 1024 (Triton
fused ahead there): the kernel's grid, block, registers and shared memory from the profiler's
trace, and the Triton source inductor generated (output_code)."""
import json, os, sys, tempfile
import torch

shapes = [(torch.float32, 16384, 256), (torch.float32, 131072, 256), (torch.float32, 65536, 512),
          (torch.float16, 2048, 1024)]
torch._logging.set_logs(output_code=True)
for dtype, M, N in shapes:
    torch._dynamo.reset()
    x = torch.randn(M, N, device="cuda", dtype=dtype)
    f = torch.compile(lambda t: torch.softmax(t, dim=-1), dynamic=False)
    for _ in range(3):
        f(x)
    torch.cuda.synchronize()
    with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA]) as prof:
        f(x)
        torch.cuda.synchronize()
    path = os.path.join(tempfile.mkdtemp(), "trace.json")
    prof.export_chrome_trace(path)
    events = json.load(open(path))["traceEvents"]
    for e in events:
        if e.get("cat") == "kernel":
            a = e.get("args", {})
            print(f"KERNEL {dtype} {M} x {N}: {e['name']} grid {a.get('grid')} block {a.get('block')} "
                  f"registers {a.get('registers per thread')} smem {a.get('shared memory')} dur {e.get('dur')} us",
                  flush=True)
print("torch", torch.__version__, "triton", __import__("triton").__version__)
