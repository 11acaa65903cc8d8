"""Forty-first session, no GPU: Triton's fused kernel against stage 08's team of 4 warps x 1 pack
at fp16 N = 1024, in the SASS. Both run 2048 blocks of 128 threads at 2048 x 1024, one 16-byte
load a lane. Compiles bench/triton_softmax.py's `_fused_kernel` for sm_90 as the peers run's JIT
would (Triton 3.6.0, BLOCK 1024, 4 warps; pointers and n_cols marked divisible by 16), reads
stage 08's `team_rows<__half, 128, 1, false, false>` from an sm_90 step08.o with
tests/sass_check.py's reader, and prints, for each: registers (cuobjdump -res-usage),
instructions up to the last EXIT (the path a row takes; ours has the IEEE reciprocal's slow path
after it), and its loads, barriers, shuffles and MUFU.

    python3 -m venv /tmp/tv && /tmp/tv/bin/pip install triton==3.6.0
    /tmp/tv/bin/python results/h100/explore/session41/geometry_sass.py build/step08.o > geometry_sass.txt
"""
import collections
import os
import re
import subprocess
import sys
import types

import triton
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "../../../../tests"))
sys.path.insert(0, os.path.join(here, "../../../../bench"))
from sass_check import cuobjdump, functions  # noqa: E402
sys.modules["torch"] = types.ModuleType("torch")  # triton_softmax.py imports torch for its launchers
sys.modules["torch"].Tensor = object
import triton_softmax as ts  # noqa: E402

OPCODE = re.compile(r"/\*[0-9a-f]{4,}\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)")


def registers(tool, obj, name):
    out = subprocess.run([tool, "-res-usage", obj], capture_output=True, text=True).stdout.splitlines()
    for i, line in enumerate(out):
        if name in line and i + 1 < len(out):
            return re.search(r"REG:(\d+)", out[i + 1]).group(1)
    return "?"


def summary(label, lines, regs):
    ops = [m.group(1) for m in map(OPCODE.search, lines) if m]
    last_exit = max(i for i, op in enumerate(ops) if op == "EXIT")
    path = [op for op in ops[:last_exit + 1] if op != "NOP"]
    kinds = collections.Counter(op for op in path if op.startswith(("LDG", "STG", "MUFU", "BAR", "SHFL", "LDS", "STS")))
    print(f"{label}: {regs} registers, {len(path)} instructions up to the last EXIT")
    for op, n in sorted(kinds.items()):
        print(f"  {op}: {n}")


N = 1024
block, tool = ts.fused_block(N), cuobjdump()
warps = ts.fused_num_warps(block)
div16 = [["tt.divisibility", 16]]
src = ASTSource(fn=ts._fused_kernel, signature={"x_ptr": "*fp16", "y_ptr": "*fp16", "n_cols": "i32", "BLOCK": "constexpr"},
                constexprs={"BLOCK": block}, attrs={(0,): div16, (1,): div16, (2,): div16})
kernel = triton.compile(src, target=GPUTarget("cuda", 90, 32), options={"num_warps": warps})
cubin = "/tmp/triton_fused_1024_fp16.cubin"
with open(cubin, "wb") as f:
    f.write(kernel.asm["cubin"])
print(f"Triton {triton.__version__}, fused kernel, N = {N} fp16, BLOCK {block}, {warps} warps, sm_90")
(name, lines), = functions(tool, cubin).items()
summary("Triton fused", lines, registers(tool, cubin, name))
ours = [(n, l) for n, l in functions(tool, sys.argv[1]).items() if "team_rowsI6__halfLi128ELi1ELb0ELb0E" in n]
(name, lines), = ours
summary("stage 08 team_rows<__half, 128, 1, false, false>", lines, registers(tool, sys.argv[1], name))
