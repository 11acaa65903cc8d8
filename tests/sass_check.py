#!/usr/bin/env python3
"""Every RowCache kernel with shared-memory slices issues all its loads before its first exponential.

Contract checked (docs/08_half.md, "Summing the slices as they land"): in the sm_90 SASS of stage
08's one-pass kernels with 8 shared-memory slices (the wide ones at 1024 and 512 threads, also in
their shifted forms for rows off the 16-byte boundary, and the medium one at 256) and of stage
10's wide CTAs (one row each, also shifted, or persistent, also paired: 512 threads, sixty-sixth
session), the 16 global 16-byte loads of a
stretch (8 LDGSTS for the cp.async slices, 8 LDG for the registers) all come before the first
MUFU.EX2; in stage 08's wider kernels (eighteenth session: 13 slices, rows of up to 336 KB) and
stage 10's wider CTAs (nineteenth session: the same 13 slices, parts of up to 336 KB), all 21. The order of the source does not guarantee it: ptxas may sink a load below arithmetic that
does not need it, and when it did (the thirteenth session's first try) only half of a row was in
flight and those kernels lost 10-20 points. Stage 10's persistent CTAs (fourteenth session) load their next row's 16 packs
as they write this one, after exponentials by design; their first row's 16 are the ones checked.
Also (twentieth session, docs/10_cluster.md, "synccheck and the parts form"): stage 10's kernels that
initialise mbarriers (SYNCS.EXCH.64: the bulk-copy parts, three dtypes) invalidate them
(mbarrier.inval: SYNCS.CCTL.IV) after their last cluster barrier wait, before the CTA's shared
memory goes to the next CTA. Stage 12's ring kernels (three dtypes, no clusters) must invalidate
theirs too (slots and rows, after the block barrier that ends their use).
Bulk slices (seventy-first session, docs/08_half.md, "The wider block's 13th slice by bulk copy"):
stage 08's wider block and stage 10's wider CTAs have kernels whose 13 slices come by bulk copy
(UBLKCP, thread 0) instead of LDGSTS: there the 8 register loads and the 13 bulk copies all come
before the first MUFU.EX2, and the kernels invalidate their mbarriers after a block barrier that
follows the first exponential (the one that ends every thread's waits on them). Those mbarriers
are the CTA's own, and no other CTA's copy completes on them, so the last cluster barrier need
not come first. Needs no GPU.

Usage: python3 tests/sass_check.py build/step08.o build/step10.o build/step12.o
cuobjdump (and the nvdisasm it runs): the CUDA toolkit's when on PATH, else the ones pip installs
from requirements.txt (nvidia-cuda-cuobjdump, nvidia-cuda-nvdisasm).
"""
import re
import shutil
import subprocess
import sys
from importlib import metadata

# object: [(kernel-name pattern, how many entries: three dtypes x the configurations, a stretch's
# 16-byte loads per thread: 8 register packs + 8 or 13 shared-memory slices by cp.async, or 8 with
# the slices by bulk copy; the bulk copies of thread 0: 13 or none)]
BULK_SLICES = r"(Li13ELi1ELb0ELb1E|Li13ELb0ELb1E|Li13ELi1024ELb1E)"  # the BULK = true instantiations
CHECKS = {
    "step08.o": [(re.compile(r"onepassI\w+Li(1024|512|256)ELi8ELi8ELi[123]E"), 15, 16, 0),
                 (re.compile(r"onepassI\w+Li1024ELi8ELi13ELi1ELb[01]ELb0E"), 6, 21, 0),
                 (re.compile(r"onepassI\w+Li1024ELi8ELi13ELi1ELb0ELb1E"), 3, 8, 13)],
    "step10.o": [(re.compile(r"softmax_cluster_wide(_persistent)?I\w+?Li8E"), 12, 16, 0),
                 (re.compile(r"softmax_cluster_wide(_persistent)?I\w+?Li13E(Lb[01]ELb0E|Li1024ELb0E)"), 9, 21, 0),
                 (re.compile(r"softmax_cluster_wide(_persistent)?I\w+?" + BULK_SLICES), 6, 8, 13)],
    "step12.o": [],  # no one-pass loads to order; its mbarriers are checked below
}
# object: kernels that initialise mbarriers and must invalidate them, how many
INVAL_CHECKS = {"step08.o": 3, "step10.o": 9, "step12.o": 3}
MBAR_INIT = re.compile(r"\bSYNCS\.EXCH\.64\b")
MBAR_INVAL = re.compile(r"\bSYNCS\.CCTL\.IV\b")
CLUSTER_WAIT = re.compile(r"\bUCGABAR_WAIT\b")
LOAD = re.compile(r"\bLDG(?:STS)?\.\S*128\b")  # 16-byte loads (a shifted row's edges load elements)
BULK = re.compile(r"\bUBLKCP\b")  # a bulk copy, global to shared memory
BLOCK_BAR = re.compile(r"\bBAR\.SYNC\b")
EXP = re.compile(r"\bMUFU\.EX2\b")


def cuobjdump():
    found = shutil.which("cuobjdump")
    if found:
        return found
    try:
        for f in metadata.files("nvidia-cuda-cuobjdump") or []:
            if f.name == "cuobjdump":
                return str(f.locate())
    except metadata.PackageNotFoundError:
        pass
    sys.exit("sass_check: no cuobjdump: install the CUDA toolkit's, or "
             "python3 -m pip install -r requirements.txt")


def functions(tool, obj):
    """{mangled name: [instruction lines]} of the sm_90 code in obj."""
    out = subprocess.run([tool, "-sass", "-arch", "sm_90", obj], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"sass_check: {tool} -sass {obj} failed: {out.stderr.strip()}")
    funcs, name = {}, None
    for line in out.stdout.splitlines():
        m = re.search(r"Function : (\S+)", line)
        if m:
            name = m.group(1)
            funcs[name] = []
        elif name and re.search(r"/\*[0-9a-f]{4,}\*/", line):
            funcs[name].append(line)
    return funcs


def main(paths):
    tool, failures, checked = cuobjdump(), [], 0
    for path in paths:
        key = path.rsplit("/", 1)[-1]
        if key not in CHECKS:
            sys.exit(f"sass_check: no check for {path} (known: {', '.join(CHECKS)})")
        all_funcs = functions(tool, path)
        for pattern, expected, want, want_bulk in CHECKS[key]:
            funcs = {n: body for n, body in all_funcs.items() if pattern.search(n)}
            if len(funcs) != expected:
                failures.append(f"{path}: {len(funcs)} kernels match {pattern.pattern}, expected {expected}")
            for name, body in sorted(funcs.items()):
                loads = [i for i, line in enumerate(body) if LOAD.search(line)]
                exps = [i for i, line in enumerate(body) if EXP.search(line)]
                if not loads or not exps:
                    failures.append(f"{path}: {name}: {len(loads)} loads, {len(exps)} exponentials")
                elif sum(1 for i in loads if i < exps[0]) < want:
                    early = sum(1 for i in loads if i < exps[0])
                    failures.append(f"{path}: {name}: {want - early} of the first {want} loads after "
                                    f"the first MUFU.EX2 (instruction {exps[0]})")
                elif sum(1 for line in body[:exps[0]] if BULK.search(line)) < want_bulk:
                    failures.append(f"{path}: {name}: fewer than {want_bulk} bulk copies before the "
                                    f"first MUFU.EX2 (instruction {exps[0]})")
                checked += 1
        if key in INVAL_CHECKS:
            with_bars = {n: body for n, body in all_funcs.items() if any(MBAR_INIT.search(l) for l in body)}
            if len(with_bars) != INVAL_CHECKS[key]:
                failures.append(f"{path}: {len(with_bars)} kernels initialise mbarriers, expected {INVAL_CHECKS[key]}")
            for name, body in sorted(with_bars.items()):
                invals = [i for i, line in enumerate(body) if MBAR_INVAL.search(line)]
                if re.search(BULK_SLICES, name):  # after the block barrier past the first exponential
                    exps = [i for i, line in enumerate(body) if EXP.search(line)]
                    bars = [i for i, line in enumerate(body) if BLOCK_BAR.search(line) and exps and i > exps[0]]
                    if not invals or not bars or invals[-1] < bars[0]:
                        failures.append(f"{path}: {name}: no mbarrier.inval after the block barrier that ends its waits")
                else:
                    waits = [i for i, line in enumerate(body) if CLUSTER_WAIT.search(line)]
                    if not invals or (waits and invals[-1] < waits[-1]):
                        failures.append(f"{path}: {name}: no mbarrier.inval" + (" after its last cluster wait" if waits else ""))
                checked += 1
    for f in failures:
        print("FAIL", f)
    print(f"sass_check: {checked} kernels, the first 16 (21 in the wider ones, 8 and 13 bulk copies with bulk"
          f" slices) loads before the first exponential,"
          f" mbarriers invalidated before exit"
          if not failures else f"sass_check: {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
