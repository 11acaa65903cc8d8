#!/usr/bin/env python3
"""Tables of the fifty-fifth session's probes (docs/10_cluster.md, docs/h200.md).

  python3 results/h200/explore/session55/table.py [models|slices|final]   (all three if none)

Each probe line is probe.sh's `one`: "DTYPE M x N ENV... BINARY: µs us %". A form is its ENV words
and binary ("timeout 60" dropped); a shape's µs under a form is the mean of its runs, and each
form after a group's first is shown against the first. "== NAME" lines start a group.
"""
import re
import sys
from pathlib import Path

HERE = Path(__file__).parent
FILES = {"models": "models/models.txt", "slices": "slices/slices.txt", "final": "final/final.txt"}
LINE = re.compile(r"^(f32|f16|bf16) (\d+) x (\d+) (.*): ([\d.]+) us ([\d.]+)%$")


def groups(path):
    """{group: {(dtype, M, N): {form: [µs, ...]}}} in the file's order."""
    out, group = {}, None
    for line in path.read_text().splitlines():
        if line.startswith("== "):
            group = line[3:].split(" (")[0]
            continue
        m = LINE.match(line)
        if not m or group is None:
            continue
        t, rows, cols, form, us = m.group(1), int(m.group(2)), int(m.group(3)), m.group(4), float(m.group(5))
        form = form.replace("timeout 60 ", "").replace("STEP10_FORM=wide STEP10_CLUSTER=1 STEP10_PERSISTENT=on",
                                                       "wide, clusters of 1, persistent")
        out.setdefault(group, {}).setdefault((t, rows, cols), {}).setdefault(form, []).append(us)
    return out


def table(name, shapes):
    forms = []
    for v in shapes.values():
        forms += [f for f in v if f not in forms]
    print(f"{name}:\n")
    print("| dtype | M x N | row, KB | " + " | ".join(forms) + " |")
    print("|---|---|---:|" + "---:|" * len(forms))
    for (t, m, n), v in shapes.items():
        mean = {f: sum(u) / len(u) for f, u in v.items()}
        base = mean[forms[0]]
        cells = [f"{base:.2f}"] + [f"{mean[f]:.2f} ({100 * (mean[f] / base - 1):+.1f}%)" if f in mean else "-"
                                   for f in forms[1:]]
        kb = n * (4 if t == "f32" else 2) / 1024
        print(f"| {t} | {m} x {n} | {kb:.1f} | " + " | ".join(cells) + " |")
    print()


def main():
    for which in sys.argv[1:] or list(FILES):
        for name, shapes in groups(HERE / FILES[which]).items():
            table(f"{which}/{name}", shapes)


if __name__ == "__main__":
    main()
