"""triton_sass.py — thirty-fourth session: Triton's fused kernel against stage 08's register block,
in the SASS, with no GPU.

Compiles bench/triton_softmax.py's `_fused_kernel` for sm_90 as the peers run's JIT would (Triton
3.6.0, the version on the device; BLOCK = 16384 and 16 warps for N = 16384 fp32; the pointers and
n_cols marked divisible by 16, as Triton specialises them at run time), then prints for it and for
stage 08's `onepass<float, 512, 8, 0, 2, false>` (from build/step08.o, sm_90) the registers and the
counts of instructions, loads, stores, MUFU and barriers.

    python3 -m venv /tmp/tv && /tmp/tv/bin/pip install triton==3.6.0
    CUOBJDUMP=/path/to/cuobjdump /tmp/tv/bin/python results/h100/explore/session34/triton_sass.py > results/h100/explore/session34/triton_sass.txt
"""
import collections, os, re, shutil, subprocess, sys, types

import triton
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource

sys.path.insert(0, "bench")
sys.modules["torch"] = types.ModuleType("torch")  # triton_softmax.py imports torch for its launchers
sys.modules["torch"].Tensor = object
import triton_softmax as ts  # noqa: E402

CUOBJDUMP = os.environ.get("CUOBJDUMP") or shutil.which("cuobjdump") or "cuobjdump"  # the toolkit's, or pip's


def sass_of(path, function=None):
    out = subprocess.run([CUOBJDUMP, "-sass", "-arch", "sm_90", path], capture_output=True, text=True).stdout
    if function is None:
        return out
    keep, lines = False, []
    for line in out.splitlines():
        if "Function :" in line:
            keep = re.search(function, line) is not None
        if keep:
            lines.append(line)
    return "\n".join(lines)


def registers(path, function):
    out = subprocess.run([CUOBJDUMP, "-res-usage", path], capture_output=True, text=True).stdout.splitlines()
    for i, line in enumerate(out):
        if re.search(function, line) and i + 1 < len(out):
            return re.search(r"REG:(\d+)", out[i + 1]).group(1)
    return "?"


def summary(label, sass, regs):
    ops = [m.group(1) for m in re.finditer(r"/\*[0-9a-f]{4,}\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)", sass)]
    kinds = collections.Counter(op for op in ops if op.startswith(("LDG", "STG", "MUFU", "BAR", "SHFL")))
    print(f"{label}: {regs} registers, {len(ops)} instructions")
    for op, n in sorted(kinds.items()):
        print(f"  {op}: {n}")


N = 16384
block = ts.fused_block(N)
warps = ts.fused_num_warps(block)
div16 = [["tt.divisibility", 16]]
src = ASTSource(fn=ts._fused_kernel, signature={"x_ptr": "*fp32", "y_ptr": "*fp32", "n_cols": "i32", "BLOCK": "constexpr"},
                constexprs={"BLOCK": block}, attrs={(0,): div16, (1,): div16, (2,): div16})
kernel = triton.compile(src, target=GPUTarget("cuda", 90, 32), options={"num_warps": warps})
cubin = "/tmp/triton_fused_16384_fp32.cubin"
with open(cubin, "wb") as f:
    f.write(kernel.asm["cubin"])
print(f"Triton {triton.__version__}, fused kernel, N = {N} fp32, BLOCK {block}, {warps} warps, sm_90")
summary("Triton fused", sass_of(cubin), registers(cubin, "_fused_kernel"))
ours = r"onepassIfLi512ELi8ELi0ELi2ELb0E"
summary("stage 08 onepass<float, 512, 8, 0, 2, false>", sass_of("build/step08.o", ours), registers("build/step08.o", ours))
