#!/usr/bin/env python3
"""No kernel spills to local memory but the ones the docs name.

Contract checked: in the ptxas reports of the fat build (build/stepNN.ptxas.txt, sm_80 and sm_90),
every entry function has 0 bytes of spill stores and loads, except in stages 03, 04 and 05, whose
docs tabulate their spills (the cost of holding a long row in registers is their lesson), and
except the ones in ALLOWED, each with its bytes as docs/08_half.md states them. A new spill is
how a register cap or a change of code that ptxas schedules differently shows first (the
seventy-second session's bf16 unpacking spilled 12 bytes in stage 08's lean team; no test saw it).
Needs no GPU.

Usage: python3 tests/spill_check.py build/step01.ptxas.txt ... | --self-test
"""
import re
import sys

TEACHING = {"step03", "step04", "step05"}
# (stage, kernel-name pattern, arch): the spill stores and loads allowed there, in bytes.
ALLOWED = {("step08", "twopassIfLi4E", "sm_80"): (8, 16)}  # since the L2 policy (sixty-fourth session)


def spills(text):
    """(kernel, arch, stores, loads) for each entry function of one ptxas report."""
    out, kernel, arch = [], None, None
    for line in text.splitlines():
        m = re.search(r"Compiling entry function '(\S+)' for '(sm_\d+)'", line)
        if m:
            kernel, arch = m.group(1), m.group(2)
            continue
        m = re.search(r"(\d+) bytes spill stores, (\d+) bytes spill loads", line)
        if m and kernel:
            out.append((kernel, arch, int(m.group(1)), int(m.group(2))))
            kernel = None  # a called function's properties follow its caller's; count the entry's once
    return out


def problems(stage, text):
    bad = []
    for kernel, arch, st, ld in spills(text):
        if (st or ld) and stage not in TEACHING:
            allowed = [v for (s, pat, a), v in ALLOWED.items() if s == stage and a == arch and pat in kernel]
            if not allowed or (st, ld) != allowed[0]:
                bad.append(f"{stage} {arch} {kernel}: {st} bytes spill stores, {ld} bytes spill loads")
    return bad


def self_test():
    spilling = ("ptxas info    : Compiling entry function '_Z3fooPf' for 'sm_90'\n"
                "ptxas info    : Function properties for _Z3fooPf\n"
                "    16 bytes stack frame, 12 bytes spill stores, 12 bytes spill loads\n")
    clean = spilling.replace("12 bytes spill stores, 12", "0 bytes spill stores, 0")
    allowed = spilling.replace("_Z3fooPf", "_Z7twopassIfLi4EEv").replace("sm_90", "sm_80").replace(
        "12 bytes spill stores, 12", "8 bytes spill stores, 16")
    assert problems("step08", spilling), "a spill must be caught"
    assert not problems("step08", clean), "no spill, no problem"
    assert not problems("step04", spilling), "the teaching stages may spill"
    assert not problems("step08", allowed), "the allowed spill passes"
    assert problems("step08", allowed.replace("8 bytes spill stores", "9 bytes spill stores")), "its bytes are exact"
    print("spill_check: self-test passed")


def main(paths):
    if paths == ["--self-test"]:
        return self_test()
    if not paths:
        sys.exit(__doc__)
    bad, kernels = [], 0
    for path in paths:
        stage = re.sub(r"\.ptxas\.txt$", "", path.split("/")[-1])
        text = open(path).read()
        kernels += len(spills(text))
        bad += problems(stage, text)
    for b in bad:
        print("spill_check: FAIL " + b)
    if bad:
        sys.exit(f"spill_check: {len(bad)} kernel(s) spill that the docs do not name (tests/spill_check.py)")
    print(f"spill_check: {kernels} entry functions in {len(paths)} reports, no spills but the teaching "
          f"stages' and {len(ALLOWED)} named")


if __name__ == "__main__":
    main(sys.argv[1:])
