"""Probe (eleventh session): Triton's fused kernel against stage 08's team of warps on M = 2048,
N = 2048, the one shape where Triton has stayed ahead in every dtype (0.88-0.93 of its speed in the
peers runs). Runs each kernel a few times on the same input, for Nsight Compute to profile:
    ncu --target-processes application-only -k regex:'_fused_kernel|team_rows' \
        python3 results/h100/explore/session11/ncu_2048.py LIB
and leaves the Triton kernel's PTX in $OUT (Triton's cache) for a side-by-side read."""
import glob, os, shutil, sys
import torch
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "../../../../bench"))
from softmax_lib import SoftmaxLib  # noqa: E402
from triton_softmax import softmax_fused  # noqa: E402

lib = SoftmaxLib(sys.argv[1])
st08 = next(s for s in lib.stages() if s.id == "08")
dt = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16}
for name in ("f32", "f16"):
    x = torch.randn(2048, 2048, device="cuda", dtype=dt[name])
    y1, y2 = torch.empty_like(x), torch.empty_like(x)
    for _ in range(3):
        softmax_fused(x, y1)
        lib.launch(st08, name, x, y2)
    torch.cuda.synchronize()
    print(name, "max |triton - 08| =", (y1.float() - y2.float()).abs().max().item())
out = os.environ.get("OUT")
if out:
    for f in glob.glob(os.path.expanduser("~/.triton/cache/**/_fused_kernel*.ptx"), recursive=True):
        shutil.copy(f, os.path.join(out, "triton_" + os.path.basename(os.path.dirname(f))[:8] + ".ptx"))
