#!/usr/bin/env python3
"""sass_summary.py — what the machine code of a stage's kernels does, counted from the disassembly.

  python3 docs/sass_summary.py build/step08.o --arch sm_90 --match warp_rows > docs/sass/step08_warp_rows.txt

For every kernel of the object whose (mangled) name contains --match: the instructions, the global
loads and stores with their widths, local-memory accesses (LDL/STL: an array that left the
registers), MUFU.EX2 (the exponentials), warp shuffles, barriers, and the half <-> float conversions
(HADD2.F32 unpacks, F2FP packs). Needs cuobjdump and nvdisasm on PATH (CUDA Toolkit, or the PyPI
wheels nvidia-cuda-cuobjdump and nvidia-cuda-nvdisasm); no GPU.
"""
from __future__ import annotations

import argparse
import collections
import re
import shutil
import subprocess
import sys

COUNTED = [("LDG", "global loads"), ("STG", "global stores"), ("LDL", "local loads"), ("STL", "local stores"),
           ("MUFU.EX2", "exp2"), ("SHFL", "shuffles"), ("BAR", "barriers"), ("HADD2.F32", "half->float"),
           ("F2FP", "float->half packs")]


def disassemble(obj: str) -> str:
    if not shutil.which("cuobjdump") or not shutil.which("nvdisasm"):
        sys.exit("sass_summary: cuobjdump and nvdisasm must be on PATH (CUDA Toolkit, or pip install "
                 "nvidia-cuda-cuobjdump nvidia-cuda-nvdisasm)")
    return subprocess.run(["cuobjdump", "-sass", obj], check=True, capture_output=True, text=True).stdout


def kernels(sass: str, arch: str):
    """(mangled name, Counter of opcodes) for each function of one architecture's code."""
    parts = re.split(r"code for (sm_\d+)", sass)
    for i in range(1, len(parts), 2):
        if parts[i] != arch:
            continue
        for body in re.split(r"\n\s*Function : ", parts[i + 1])[1:]:
            name = body.split("\n", 1)[0].strip()
            ops = re.findall(r"/\*[0-9a-f]{4,}\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)", body)
            yield name, collections.Counter(ops)


def demangle(name: str) -> str:
    tool = shutil.which("c++filt")
    if not tool:
        return name
    out = subprocess.run([tool, name], capture_output=True, text=True).stdout.strip()
    out = re.sub(r"^void\s+", "", out).replace("(anonymous namespace)::", "")
    return out[:out.rfind("(")] if out.endswith(")") else out  # without the parameter list


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("object")
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--match", default="")
    a = ap.parse_args()
    rows = sorted((demangle(n), ops) for n, ops in kernels(disassemble(a.object), a.arch) if a.match in n)
    print(f"# {a.object}, {a.arch}: instructions of each kernel whose name contains '{a.match}' "
          f"(cuobjdump -sass; docs/sass_summary.py)")
    print("# kernel | instructions | " + " | ".join(f"{op} ({what})" for op, what in COUNTED) + " | load widths")
    for name, ops in rows:
        count = [sum(v for k, v in ops.items() if k.startswith(op)) for op, _ in COUNTED]
        widths = ",".join(sorted({k for k in ops if k.startswith("LDG")})) or "-"
        print(f"{name} | {sum(ops.values())} | " + " | ".join(map(str, count)) + f" | {widths}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
