#!/usr/bin/env python3
"""Sixty-fifth session: the tables of its docs paragraphs, from its result files.
Usage: python3 results/h200/explore/session65/table.py [caps|ncu|small]
caps: caps/caps.txt, stage 08 as it was (./step08, ed4e3a8) against session64/caps.patch (every
grid of the three teams on the bounded kernel), two rounds, each its own process, and
check/adopted.txt, the form committed (63dc6cf: bounded only past one wave), one round;
ncu: check/ncu.txt, one launch of the dispatcher with x's loads under the L2 policy and with
EVICT_LAST=0, Nsight Compute's DRAM bytes, L2 hit rate and kernel time;
small: small/peers-*-r*.json, bench/peers.py on rows of 8 and 64 at 16384 rows, the library with
the bounded teams (cd53d3e) and without them (unbounded.patch), alternately, two rounds each."""
import collections
import glob
import json
import os
import re
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
LINE = re.compile(r"^(\S+) (\d+) x (\d+) (.+?): ([\d.]+) us ([\d.]+)%")  # a form may hold ENV words


def probe_lines(path):
    """{(dtype, M, N): {binary: [(us, %)]}} of a group's lines."""
    out = collections.defaultdict(lambda: collections.defaultdict(list))
    for line in open(path):
        m = LINE.match(line)
        if m:
            t, rows, cols, binary, us, pct = m.groups()
            out[(t, int(rows), int(cols))][binary].append((float(us), float(pct)))
    return out


def caps():
    probe = probe_lines(os.path.join(HERE, "caps", "caps.txt"))
    adopted = probe_lines(os.path.join(HERE, "check", "adopted.txt"))
    print("| dtype | M × N | as it was, µs (% of copy) | bounded everywhere | change | committed form, one run |")
    print("|---|---|---:|---:|---:|---:|")
    for (t, m, n), runs in probe.items():
        base, new = runs["./step08"], runs["build/v_caps/step08"]
        b, c = statistics.mean(u for u, _ in base), statistics.mean(u for u, _ in new)
        bp, cp = statistics.mean(p for _, p in base), statistics.mean(p for _, p in new)
        a = adopted.get((t, m, n), {}).get("./step08")
        committed = f"{a[0][0]:.2f} ({a[0][1]:.1f}%)" if a else "–"
        print(f"| {t} | {m} × {n} | {b:.2f} ({bp:.1f}%) | {c:.2f} ({cp:.1f}%) | {100 * (c / b - 1):+.1f}% | {committed} |")


def ncu():
    rows, cur = [], None
    for line in open(os.path.join(HERE, "check", "ncu.txt")):
        if line.startswith("== "):
            binary, t, m, _, n = line[3:].split()
            cur = {"form": "plain loads" if "v_plain" in binary else "policy", "shape": f"{t} {m} × {n}"}
            rows.append(cur)
        elif cur is not None and len(line.split()) == 3 and "__" in line:
            name, _, value = line.split()
            cur[name] = float(value.replace(",", ""))
    print("| shape | form | DRAM read, MB | DRAM written, MB | L2 hit rate | kernel, µs |")
    print("|---|---|---:|---:|---:|---:|")
    for r in rows:
        print(f"| {r['shape']} | {r['form']} | {r['dram__bytes_read.sum']:.2f} | {r['dram__bytes_write.sum']:.2f} | "
              f"{r['lts__t_sector_hit_rate.pct']:.2f}% | {r['gpu__time_duration.sum']:.2f} |")


def small():
    times = collections.defaultdict(list)  # (dtype, N, form) -> [(us, copy us)]
    for path in sorted(glob.glob(os.path.join(HERE, "small", "peers-*-r*.json"))):
        form = os.path.basename(path).split("-")[1]
        recs = json.load(open(path))["records"]
        copy = {(r["dtype"], r["N"]): r["median_us"] for r in recs if r["impl"] == "copy"}
        for r in recs:
            if r["impl"] == "step11":
                times[(r["dtype"], r["N"], form)].append((r["median_us"], copy[(r["dtype"], r["N"])]))
    print("| dtype | 16384 × N | bounded teams, µs (copy) | without them, µs (copy) |")
    print("|---|---|---|---|")
    for t in ("f32", "f16", "bf16"):
        for n in (8, 64):
            cells = [", ".join(f"{u:.2f} ({c:.2f})" for u, c in times[(t, n, f)]) for f in ("bounded", "unbounded")]
            print(f"| {t} | {n} | {cells[0]} | {cells[1]} |")


if __name__ == "__main__":
    {"caps": caps, "ncu": ncu, "small": small}[sys.argv[1] if len(sys.argv) > 1 else "caps"]()
