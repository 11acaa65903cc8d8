#!/usr/bin/env python3
"""Sixty-third session: the tables of its docs paragraphs, from its result files.
Usage: python3 results/h200/explore/session63/table.py [knobs|peers|m2048|l2last]
knobs: first/knobs.txt, second/knobs2.txt, third/knobs3.txt, stage 08's groups of one pack under
the patches' knobs against the stage (the means of the rounds; % of the copy in the same process);
peers: bench/peers.py's fp32 16777216 x 2 and 8388608 x 4 (and, from cs6/, every dtype's rows of
2, 4 and 8) under each knob, against torch.compile and the copy of the same run;
m2048: peers-m2048-vector-c03e0b8.json, the dispatcher's lead over the best peer, per sweep and
dtype;
l2last: l2last/l2last.txt (run in the sixty-fourth session), the dispatcher with l2last.patch
against reset.patch alone, per shape: the mean time, % of the copy and the copy's own time (us),
and the same two libraries' peers runs on fp32 16777216 x 2 and 8388608 x 4."""
import collections
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
LINE = re.compile(r"^(\w+) (\d+) x (\d+) (.*): ([\d.]+) us ([\d.]+)%$")
FILES = [("first", "first/knobs.txt", "./step08"), ("second", "second/knobs2.txt", "build/v_knobs2/step08"),
         ("third", "third/knobs3.txt", "build/v_knobs3/step08")]


def short(form):
    """The stage (./step08, or a patch with no knob set) "stage"; the patch's default knobs
    (WHOLE=1 alone, which moves rows of one pack to the groups' kernel) "G=1"."""
    bare = re.sub(r"build/v_knobs\d?/step08", "", form).replace("./step08", "").strip()
    if not bare:
        return "stage"
    bare = " ".join(bare.replace("STEP08_PACK_WHOLE=1", "").replace("STEP08_PACK_", "").split())
    return bare or "G=1"


def knobs():
    for call, path, base in FILES:
        runs = collections.OrderedDict()
        for line in open(os.path.join(HERE, path)):
            if m := LINE.match(line.strip()):
                key = (m[1], int(m[2]), int(m[3]))
                runs.setdefault(key, collections.OrderedDict()).setdefault(m[4], []).append(
                    (float(m[5]), float(m[6])))
        forms = list(next(iter(runs.values())))
        print(f"{call} call ({path}; base: {short(base)}):")
        print("| shape | " + " | ".join(short(f) for f in forms) + " |")
        print("|---|" + "---:|" * len(forms))
        for (t, m, n), by in runs.items():
            b = sum(us for us, _ in by[base]) / len(by[base])
            cells = []
            for f in forms:
                us = sum(u for u, _ in by[f]) / len(by[f])
                pct = sum(p for _, p in by[f]) / len(by[f])
                cells.append(f"{us:.2f} ({pct:.1f}%)" if f == base else f"{us:.2f} ({100 * (us / b - 1):+.1f}%)")
            print(f"| {t} {m} × {n} | " + " | ".join(cells) + " |")
        print()


def records(path):
    out = {}
    for r in json.load(open(path))["records"]:
        if "median_us" in r:
            out[(r["dtype"], r["M"], r["N"], r["impl"])] = r["GB/s"]
    return out


def peers():
    print("| call | form | f32 16777216 × 2: 08 / torch.compile / copy GB/s | f32 8388608 × 4 |")
    print("|---|---|---|---|")
    runs = {"first": ("head", "whole", "t128", "t512", "t1024", "cs1", "head2"),
            "second": ("head", "cs3", "cs4", "cs5", "tri", "head2"), "third": ("head", "cs6", "cs8", "cs3", "head2")}
    for call, labels in runs.items():
        for label in labels:
            g = records(os.path.join(HERE, call, f"peers-{label}.json"))
            cells = [f"{g[(t, m, n, 'step08')]:.0f} / {g[(t, m, n, 'torch_compile')]:.0f} / {g[(t, m, n, 'copy')]:.0f}"
                     for t, m, n in (("f32", 16777216, 2), ("f32", 8388608, 4))]
            print(f"| {call} | {label} | " + " | ".join(cells) + " |")
    print("\ncs6/ (STEP08_PACK_WHOLE=1 in every run; CS 0 = the stage's loads, 6 = evict_last policy):")
    shapes = [(t, m, n) for t in ("f32", "f16", "bf16") for m, n in ((16777216, 2), (8388608, 4), (4194304, 8))]
    print("| run | " + " | ".join(f"{t} {m} × {n}" for t, m, n in shapes) + " |")
    print("|---|" + "---:|" * len(shapes))
    for label in ("cs0-r1", "cs6-r1", "cs0-r2", "cs6-r2"):
        g = records(os.path.join(HERE, "cs6", f"peers-{label}.json"))
        print(f"| {label} 08 / torch.compile (% of copy) | " + " | ".join(
            f"{100 * g[(t, m, n, 'step08')] / g[(t, m, n, 'copy')]:.1f} / "
            f"{100 * g[(t, m, n, 'torch_compile')] / g[(t, m, n, 'copy')]:.1f}" for t, m, n in shapes) + " |")


def m2048():
    doc = json.load(open(os.path.join(HERE, "..", "..", "peers-m2048-vector-c03e0b8.json")))
    by = collections.defaultdict(dict)
    for r in doc["records"]:
        if "median_us" in r:
            by[(r["dtype"], r["M"], r["N"], tuple(r["sweeps"]))][r["impl"]] = r["median_us"]
    peer_keys = ("torch", "torch_compile", "triton_fused", "triton_online", "liger")
    print("| sweep | dtype | shapes | at or ahead of the best peer | smallest lead | where |")
    print("|---|---|---:|---:|---:|---|")
    for sweep in ("m2048", "vector"):
        for t in ("f32", "f16", "bf16"):
            rows = []
            for (dt, m, n, sw), v in by.items():
                if dt != t or sweep not in sw or "step11" not in v:
                    continue
                best = min(v[k] for k in peer_keys if k in v)
                rows.append((best / v["step11"] - 1, m, n))
            ahead = sum(lead >= 0 for lead, _, _ in rows)
            lead, m, n = min(rows)
            print(f"| {sweep} | {t} | {len(rows)} | {ahead} | {100 * lead:+.1f}% | {m} × {n} |")


def l2last():
    runs = collections.OrderedDict()
    for line in open(os.path.join(HERE, "l2last", "l2last.txt")):
        if m := LINE.match(line.strip()):
            form = "policy" if "v_l2last" in m[4] else "reset"
            runs.setdefault((m[1], int(m[2]), int(m[3])), {}).setdefault(form, []).append((float(m[5]), float(m[6])))
    print("| shape | MB moved | reset.patch: us, % of copy | l2last.patch: us, % of copy | change | copy us (reset / policy) |")
    print("|---|---:|---|---|---:|---|")
    for (t, m, n), by in runs.items():
        mean = {f: (sum(u for u, _ in v) / len(v), sum(p for _, p in v) / len(v)) for f, v in by.items()}
        copy = {f: sum(u * p / 100 for u, p in v) / len(v) for f, v in by.items()}
        (ru, rp), (pu, pp) = mean["reset"], mean["policy"]
        mb = 2 * m * n * (4 if t == "f32" else 2) / 1e6
        print(f"| {t} {m} × {n} | {mb:.0f} | {ru:.2f}, {rp:.1f}% | {pu:.2f}, {pp:.1f}% | {100 * (pu / ru - 1):+.1f}% | "
              f"{copy['reset']:.2f} / {copy['policy']:.2f} |")
    print("\n| library | f32 16777216 × 2: 08 / torch.compile / copy GB/s | f32 8388608 × 4 |")
    print("|---|---|---|")
    for label in ("reset", "l2last"):
        g = records(os.path.join(HERE, "l2last", f"peers-{label}.json"))
        cells = [f"{g[(t, m, n, 'step08')]:.0f} / {g[(t, m, n, 'torch_compile')]:.0f} / {g[(t, m, n, 'copy')]:.0f}"
                 for t, m, n in (("f32", 16777216, 2), ("f32", 8388608, 4))]
        print(f"| {label} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    {"knobs": knobs, "peers": peers, "m2048": m2048, "l2last": l2last}[sys.argv[1] if len(sys.argv) > 1 else "knobs"]()
