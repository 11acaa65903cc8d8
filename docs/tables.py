#!/usr/bin/env python3
"""Fill the generated tables in docs/*.md and README.md from result files and compiler reports.

Two kinds of block, each between an opening marker and its end marker:

  <!-- measured results/h100/step02.json -->   ...   <!-- end measured -->
      the benchmark table of a Google Benchmark JSON written by a stage (GPU, date, commit,
      and for each shape: median us, GB/s, the copy's GB/s in the same run, % of copy)
  <!-- ptxas step02 -->   ...   <!-- end ptxas -->
      the compiler's resource report of build/step02.ptxas.txt (registers, spills, stack,
      static shared memory per kernel, for every architecture of the build)
  <!-- occupancy step02 KERNEL N:THREADS:SMEM[:PER_THREAD] ... [KERNEL2 N:THREADS:SMEM ...] -->  ...
  <!-- end occupancy -->
      for each listed launch of KERNEL (its name as in the ptxas table), on A100 (sm_80) and
      H100 (sm_90): elements per thread, the compiler's registers and spills, shared memory per
      block, and blocks per SM / occupancy / limiter from common/occupancy.h (build/occupancy_tool)

  <!-- compare results/h100/a.json results/h100/b.json ... -->   ...   <!-- end compare -->
      the same shapes in several Google Benchmark JSON files of one run, side by side: % of the
      copy in each (the label of a file is its name without the stage prefix)
  <!-- gpus results/h100/step11.json results/h200/step11.json -->   ...   <!-- end gpus -->
      one stage's sweep on several GPUs (one file each, same dtype): per shape, the stage's GB/s, the
      copy's GB/s timed beside it on that GPU, and the % of that copy; the shapes of the first file
  <!-- peers results/h100/peers-dispatch.json step11 [sweep=NAME] -->   ...   <!-- end peers -->
      bench/peers.py's records (of one sweep with sweep=NAME): for every shape and dtype, the
      stage's GB/s and % of copy, the fastest peer (torch, torch.compile, Triton, Liger) and the
      stage's speed relative to it

  <!-- paths results/h100/step08_paths.txt 2048 128 -->   ...   <!-- end paths -->
      a log of one shape per line, each under one setting ("08 warp  M N dtype us GB/s copy %"):
      the rows of the listed M values, one column per setting, % of the copy and µs (fastest in bold)

  <!-- ceiling results/h100/step11.json results/h100/step11_f16.json -->   ...   <!-- end ceiling -->
      for the few-row shapes (M <= 8) of 64 MB or more in those sweeps: the most of the copy a kernel
      can reach if the whole chip (registers, shared memory, L2: from the run's header line) holds
      one row at a time, against what the sweep measured
  <!-- phases results/h200/explore/session46/phases/phases.txt results/h200/step11_X.json ... -->
  ...   <!-- end phases -->
      for the same few-row shapes: what the phase order of a one-read kernel costs (the first row
      read with nothing to write, the last written with nothing to read), from the probe's times
      of reading alone, writing alone and copying R bytes (the mean of its rounds), against what
      the sweep measured
  <!-- target results/h100/step11_a.json results/h100/step11_f16_a.json ... -->   ...   <!-- end target -->
      issue 7's first target, one line per commit of those sweeps: how many shapes of 64 MB or more
      reach 95% of the copy timed beside them, the lowest of the many-row shapes (M >= 2048) and the
      range of the few-row ones (M <= 8), per dtype, rounded down to 0.1

  python3 docs/tables.py            rewrite the blocks in place
  python3 docs/tables.py --check    exit 1 if any block differs from what the files say now
  python3 docs/tables.py --self-test   the target table's count and the phases table's bound on
                                       made-up files (docs-check runs it)
"""
import json
import math
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BLOCK = re.compile(r"(<!-- (measured|ptxas|occupancy|compare|gpus|peers|paths|ceiling|phases|target) ([^ \n]+?)( [^\n]*?)? -->\n)(.*?)(<!-- end \2 -->)",
                   re.S)
ARCH_GPU = {"sm_80": "A100", "sm_90": "H100"}


def measured_table(path):
    f = ROOT / path
    if not f.exists():
        return f"_No result file {path} yet: run the stage on a GPU (see results/README.md)._\n"
    data = json.loads(f.read_text())
    ctx = data.get("context", {})
    date = ctx.get("date", "?")[:10]
    head = (f"{ctx.get('gpu', '?')}, {date}, commit {ctx.get('commit', '?')}, "
            f"{ctx.get('dtype', '?')}, from `{path}`. Median of the timed iterations, L2 flushed "
            f"before each; % of copy = against a device-to-device copy of the same bytes timed in "
            f"the same run.\n\n")
    rows = ["| M | N | median µs | GB/s | copy GB/s | % of copy |", "|---:|---:|---:|---:|---:|---:|"]
    for b in data.get("benchmarks", []):
        if b.get("run_type", "iteration") != "iteration":
            continue
        shape = re.search(r"M:(\d+)/N:(\d+)", b["name"])
        m, n = shape.groups() if shape else ("?", "?")
        if b.get("error_occurred"):
            rows.append(f"| {m} | {n} | failed: {b.get('error_message', '')} | | | |")
            continue
        rows.append(f"| {m} | {n} | {b['median_us']:.2f} | {b['GB/s']:.0f} | {b['copy_GB/s']:.0f} "
                    f"| {b['pct_copy']:.1f}% |")
    return head + "\n".join(rows) + "\n"


def demangle(names):
    try:
        out = subprocess.run(["c++filt"], input="\n".join(names), capture_output=True, text=True,
                             check=True).stdout.splitlines()
        return out if len(out) == len(names) else names
    except (OSError, subprocess.CalledProcessError):
        return names


def short_kernel(name):
    """'void (anonymous namespace)::softmax_warp<128, 4>(float const*, ...)' -> 'softmax_warp<128,4>';
    an enumerator among the template arguments stays as c++filt writes it: '(Access)2'."""
    name = name.replace("(anonymous namespace)::", "")
    if name.endswith(")"):  # the parameter list: from the "(" that matches the last ")"
        depth = 0
        for i in range(len(name) - 1, -1, -1):
            depth += {")": 1, "(": -1}.get(name[i], 0)
            if depth == 0:
                name = name[:i]
                break
    name = re.sub(r"^void ", "", name)        # the return type of a template's name
    return re.sub(r",\s+", ",", name)         # no spaces, so a marker can name it


def ptxas_entries(stage):
    """The kernels of build/<stage>.ptxas.txt: name, arch, regs, spills, stack, static smem."""
    f = ROOT / "build" / f"{stage}.ptxas.txt"
    if not f.exists():
        return None
    entries, current = [], None
    for line in f.read_text().splitlines():
        m = re.search(r"Compiling entry function '([^']+)' for '(sm_\d+)'", line)
        if m:
            current = {"mangled": m.group(1), "arch": m.group(2)}
            entries.append(current)
            continue
        if current is None:
            continue
        m = re.search(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads", line)
        if m:
            current["stack"], current["spill_st"], current["spill_ld"] = map(int, m.groups())
        m = re.search(r"Used (\d+) registers", line)
        if m:
            current["regs"] = int(m.group(1))
            s = re.search(r"(\d+) bytes smem", line)
            current["smem"] = int(s.group(1)) if s else 0
    for e, name in zip(entries, demangle([e["mangled"] for e in entries])):
        e["name"] = short_kernel(name)
    return entries


def natural_key(name):
    """Sort softmax_online<2> before softmax_online<12>."""
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", name)]


def ptxas_table(stage):
    entries = ptxas_entries(stage)
    if entries is None:
        return f"_No compiler report build/{stage}.ptxas.txt: run `make {stage}` first._\n"
    rows = ["| kernel | arch | registers | spill stores / loads (bytes) | stack (bytes) | static smem (bytes) |",
            "|---|---|---:|---:|---:|---:|"]
    for e in sorted(entries, key=lambda e: (natural_key(e["name"]), e["arch"])):
        rows.append(f"| `{e['name']}` | {e['arch']} | {e.get('regs', '?')} | "
                    f"{e.get('spill_st', '?')} / {e.get('spill_ld', '?')} | {e.get('stack', '?')} | "
                    f"{e.get('smem', 0)} |")
    return f"From `build/{stage}.ptxas.txt` (`nvcc -Xptxas -v`, the build `make test` makes).\n\n" + \
        "\n".join(rows) + "\n"


def occupancy_table(stage, spec):
    # Words: a kernel name, then its launches N:threads:dynamic_smem; another name switches kernel.
    launches, kernel = [], None
    for w in spec.split():
        if ":" in w:
            # N:threads:smem[:elements per thread]; N may be "-" for a kernel that takes any N
            v = [None if x == "-" else int(x) for x in w.split(":")]
            per_thread = v[3] if len(v) > 3 else (-(-v[0] // v[1]) if v[0] else 0)
            launches.append((kernel, v[0] if v[0] else "any", v[1], v[2], per_thread))
        else:
            kernel = w
    if not launches or launches[0][0] is None:
        return "_occupancy block needs a kernel name and N:threads:dynamic_smem launches._\n"
    entries = ptxas_entries(stage)
    if entries is None:
        return f"_No compiler report build/{stage}.ptxas.txt: run `make {stage}` first._\n"
    tool = ROOT / "build" / "occupancy_tool"
    kernels = sorted({k for k, *_ in launches})
    multi = len(kernels) > 1  # then each row names its kernel
    rows = [("| kernel " if multi else "") + "| N | threads | elements / thread | GPU | registers | "
            "spills (bytes) | smem / block | blocks / SM | occupancy | limited by |",
            ("|---" if multi else "") + "|---:|---:|---:|---|---:|---:|---:|---:|---:|---|"]
    for kernel, n, threads, dyn, per_thread in launches:
        for e in sorted((e for e in entries if e["name"] == kernel), key=lambda e: e["arch"]):
            smem = e.get("smem", 0) + dyn
            out = subprocess.run([str(tool), e["arch"], str(e["regs"]), str(threads), str(smem)],
                                 capture_output=True, text=True, check=True).stdout.split(maxsplit=3)
            blocks, _warps, occ, limiter = out
            rows.append((f"| `{kernel}` " if multi else "") + f"| {n} | {threads} | {per_thread} | {ARCH_GPU.get(e['arch'], e['arch'])} | "
                        f"{e['regs']} | {e['spill_st'] + e['spill_ld']} | {smem} | {blocks} | {occ}% | "
                        f"{limiter.strip()} |")
    missing = [k for k in kernels if not any(e["name"] == k for e in entries)]
    if missing:
        return f"_No kernel `{missing[0]}` in build/{stage}.ptxas.txt._\n"
    names = ", ".join(f"`{k}`" for k in kernels)
    return (f"{names}: registers and spills from `build/{stage}.ptxas.txt`, blocks per SM from "
            f"`common/occupancy.h` with the A100's and H100's limits (shared memory per block "
            f"includes the static part; the 1 KB the hardware reserves per block is counted by the "
            f"calculator; elements / thread counts the row elements a thread holds on chip, 0 when it "
            f"streams the row).\n\n" + "\n".join(rows) + "\n")

def bench_rows(path):
    """{(M, N): record} of a Google Benchmark JSON written by a stage, and its context."""
    data = json.loads((ROOT / path).read_text())
    rows = {}
    for b in data.get("benchmarks", []):
        shape = re.search(r"M:(\d+)/N:(\d+)", b.get("name", ""))
        if shape and b.get("run_type", "iteration") == "iteration" and not b.get("error_occurred"):
            rows[tuple(map(int, shape.groups()))] = b
    return rows, data.get("context", {})


def compare_table(paths):
    missing = [p for p in paths if not (ROOT / p).exists()]
    if missing:
        return f"_No result file {', '.join(missing)} yet._\n"
    loaded = [bench_rows(p) for p in paths]
    ctx = loaded[0][1]
    labels = [Path(p).stem.split("_", 1)[1] if "_" in Path(p).stem else Path(p).stem for p in paths]
    head = (f"{ctx.get('gpu', '?')}, {ctx.get('dtype', '?')}; % of the copy timed beside each, from "
            + ", ".join(f"`{p}` ({c.get('date', '?')[:10]}, commit {c.get('commit', '?')})"
                        for p, (_, c) in zip(paths, loaded)) + ".\n\n")
    rows = ["| M | N | " + " | ".join(labels) + " |", "|---:|---:|" + "---:|" * len(paths)]
    for shape in loaded[0][0]:
        cells = [f"{r[shape]['pct_copy']:.1f}%" if shape in r else "–" for r, _ in loaded]
        rows.append(f"| {shape[0]} | {shape[1]} | " + " | ".join(cells) + " |")
    return head + "\n".join(rows) + "\n"


def gpus_table(paths):
    """One stage's sweep on several GPUs, side by side: GB/s, the copy's GB/s and % of it, per GPU."""
    missing = [p for p in paths if not (ROOT / p).exists()]
    if missing:
        return f"_No result file {', '.join(missing)} yet._\n"
    loaded = [bench_rows(p) for p in paths]
    names = [c.get("gpu", "?") for _, c in loaded]
    head = ("One sweep per GPU, each against the device-to-device copy timed in its own run: "
            + "; ".join(f"{g} from `{p}` ({c.get('date', '?')[:10]}, commit {c.get('commit', '?')}, "
                        f"{c.get('dtype', '?')})" for g, p, (_, c) in zip(names, paths, loaded)) + ".\n\n")
    short = [re.sub(r"^NVIDIA ", "", g).split()[0] for g in names]
    rows = ["| M | N | " + " | ".join(f"{g} GB/s | copy | %" for g in short) + " |",
            "|---:|---:|" + "---:|---:|---:|" * len(paths)]
    for shape in loaded[0][0]:
        cells = []
        for r, _ in loaded:
            b = r.get(shape)
            cells.append(f"{b['GB/s']:.0f} | {b['copy_GB/s']:.0f} | {b['pct_copy']:.1f}%" if b else "– | – | –")
        rows.append(f"| {shape[0]} | {shape[1]} | " + " | ".join(cells) + " |")
    return head + "\n".join(rows) + "\n"


def peers_table(path, spec):
    """spec: the stage ("step11"), then optionally sweep=NAME: only the records of that sweep."""
    words = spec.split()
    stage = words[0] if words else ""
    sweep = next((w[len("sweep="):] for w in words[1:] if w.startswith("sweep=")), "")
    f = ROOT / path
    if not f.exists():
        return f"_No result file {path} yet: run bench/peers.py on a GPU._\n"
    data = json.loads(f.read_text())
    ctx = data.get("context", {})
    recs = [r for r in data.get("records", []) if not sweep or sweep in r.get("sweeps", [])]
    ours = {(r["dtype"], r["M"], r["N"]): r for r in recs if r.get("impl") == stage}
    peers = {}
    for r in recs:
        if r.get("kind") == "peer":
            key = (r["dtype"], r["M"], r["N"])
            if key not in peers or r["GB/s"] > peers[key]["GB/s"]:
                peers[key] = r
    head = (f"{ctx.get('gpu', '?')}, {ctx.get('date', '?')[:10]}, commit {ctx.get('commit', '?')}, "
            f"torch {ctx.get('torch', '?')}, Triton {ctx.get('triton', '?')}"
            f"{', Liger ' + ctx['liger_kernel'] if ctx.get('liger_kernel') else ', no Liger'}; from `{path}`"
            f"{f' (its sweep {sweep})' if sweep else ''}. "
            f"Every implementation timed in one process, L2 flushed before each call; the best peer is "
            f"the fastest of the others on that shape.\n\n")
    rows = ["| dtype | M | N | stage it ran | GB/s | % of copy | best peer | its GB/s | ours / best |",
            "|---|---:|---:|---|---:|---:|---|---:|---:|"]
    ahead = 0
    order = {"f32": 0, "f16": 1, "bf16": 2}
    for key in sorted(ours, key=lambda k: (order.get(k[0], 9), k[1], k[2])):
        r, p = ours[key], peers.get(key)
        ran = r.get("dispatch", "").split(":")[0] or "–"
        if p is None:
            rows.append(f"| {key[0]} | {key[1]} | {key[2]} | {ran} | {r['GB/s']:.0f} | {r['pct_copy']:.1f}% | – | – | – |")
            continue
        ratio = r["GB/s"] / p["GB/s"]
        ahead += ratio >= 1.0
        rows.append(f"| {key[0]} | {key[1]} | {key[2]} | {ran} | {r['GB/s']:.0f} | {r['pct_copy']:.1f}% "
                    f"| {p['label']} | {p['GB/s']:.0f} | {ratio:.2f} |")
    compared = sum(1 for k in ours if k in peers)
    return (head + "\n".join(rows) + f"\n\nAt or ahead of the best peer on {ahead} of {compared} shapes; "
            f"behind on {compared - ahead}.\n")


PATH_LINE = re.compile(r"^(\S+(?: [a-z]+)?) +(\d+) +(\d+) +(f32|f16|bf16) +([0-9.]+) +([0-9.]+) +([0-9.]+) +([0-9.]+)%$")


def paths_table(path, spec):
    f = ROOT / path
    if not f.exists():
        return f"_No result file {path} yet._\n"
    wanted = {int(m) for m in spec.split()}
    cells, labels, shapes = {}, [], []
    for line in f.read_text().splitlines():
        hit = PATH_LINE.match(line.strip())
        if not hit:
            continue
        label, m, n, dtype, us = hit.group(1), int(hit.group(2)), int(hit.group(3)), hit.group(4), hit.group(5)
        if wanted and m not in wanted:
            continue
        if label not in labels:
            labels.append(label)
        if (dtype, m, n) not in shapes:
            shapes.append((dtype, m, n))
        cells[(dtype, m, n, label)] = (float(hit.group(8)), float(us))
    head = (f"From `{path}`: each setting timed in its own process (30 timed iterations, L2 flushed before "
            f"each); % of a device-to-device copy of the same bytes timed in that process, the median time "
            f"in µs beside it; — = the setting does not take the shape; the shortest time per row in bold.\n\n")
    rows = ["| dtype | M | N | " + " | ".join(labels) + " |", "|---|---:|---:|" + "---:|" * len(labels)]
    for shape in shapes:
        got = [cells.get(shape + (l,)) for l in labels]
        best = min((c[1] for c in got if c), default=None)  # the same bytes: the shortest time wins
        out = []
        for c in got:
            if c is None:
                out.append("—")
            else:
                text = f"{c[0]:.1f}% ({c[1]:.2f})"
                out.append(f"**{text}**" if c[1] == best else text)
        rows.append(f"| {shape[0]} | {shape[1]} | {shape[2]} | " + " | ".join(out) + " |")
    return head + "\n".join(rows) + "\n"


def chip_bytes(path):
    """Registers + shared memory of every SM + L2, from a run's header line and JSON context."""
    data = json.loads((ROOT / path).read_text())
    head = (ROOT / path).with_suffix(".txt").read_text()
    sms = int(re.search(r"(\d+) SMs", head).group(1))
    smem = int(re.search(r"shared memory (\d+) KB/SM", head).group(1)) * 1024
    regs = int(re.search(r"(\d+) registers/SM", head).group(1)) * 4
    l2 = int(data.get("context", {}).get("l2_bytes") or int(re.search(r"L2 (\d+) MB", head).group(1)) << 20)
    return sms * (smem + regs) + l2, sms, smem, regs, l2


def ceiling_table(paths):
    missing = [p for p in paths if not (ROOT / p).exists() or not (ROOT / p).with_suffix(".txt").exists()]
    if missing:
        return f"_No result file {', '.join(missing)} (and its .txt log) yet._\n"
    mib = float(1 << 20)
    cap, sms, smem, regs, l2 = chip_bytes(paths[0])
    head = (f"From {sms} SMs × ({smem // 1024} KB of shared memory + {regs // 1024} KB of registers) + "
            f"{l2 / mib:.0f} MB of L2 = **{cap / mib:.0f} MB** on chip (the header of `{Path(paths[0]).with_suffix('.txt')}`). "
            f"A row of R bytes moves at least 2R + max(0, R − {cap / mib:.0f} MB) bytes, so a kernel reaches at most "
            f"2R / (2R + max(0, R − {cap / mib:.0f} MB)) of the copy; measured: the sweep's % of the copy.\n\n")
    rows = ["| dtype | M | N | row MB | x MB | re-read at least, MB | at most | measured | from |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---|"]
    for path in paths:
        recs, ctx = bench_rows(path)
        size = 4 if ctx.get("dtype", "f32") == "f32" else 2
        for (m, n), b in sorted(recs.items(), key=lambda kv: (kv[0][0], kv[0][1])):
            row, x = n * size, m * n * size
            if m > 8 or x < 64 * (1 << 20):
                continue
            extra = max(0, row - cap) * m
            bound = 2 * x / (2 * x + extra)
            rows.append(f"| {ctx.get('dtype', '?')} | {m} | {n} | {row / mib:.0f} | {x / mib:.0f} | {extra / mib:.0f} | "
                        f"{100 * bound:.0f}% | {b['pct_copy']:.1f}% | `{Path(path).name}` |")
    return head + "\n".join(rows) + "\n"


PHASE_LINE = re.compile(r"^ *(\d+) +([0-9.]+) +([0-9.]+) +([0-9.]+) +([0-9.]+) +(-?[0-9.]+)$")


def phase_times(path):
    """{MB: (read, write, memcpy)} of explore/session46/phases.cu's log, the mean of its rounds; the
    GPU (its first line) and the empty kernel's mean time."""
    text = (ROOT / path).read_text()
    runs, empty = {}, []
    for line in text.splitlines():
        e = re.search(r"an empty kernel ([0-9.]+)", line)
        if e:
            empty.append(float(e.group(1)))
        m = PHASE_LINE.match(line)
        if m:
            runs.setdefault(int(m.group(1)), []).append(tuple(float(m.group(i)) for i in (2, 3, 4)))
    mean = {mb: tuple(sum(v[i] for v in vs) / len(vs) for i in range(3)) for mb, vs in runs.items()}
    return mean, text.splitlines()[0].split(",")[0], sum(empty) / max(1, len(empty))


def phases_table(paths):
    missing = [p for p in paths if not (ROOT / p).exists()]
    if missing:
        return f"_No result file {', '.join(missing)} yet._\n"
    times, gpu, empty = phase_times(paths[0])
    head = (f"{gpu}, from `{paths[0]}`: read alone, write alone and `cudaMemcpyAsync` of the same bytes, "
            f"each after the harness's flush (µs, the mean of its rounds; an empty kernel took {empty:.2f}). "
            f"A row of R bytes costs read(R) + write(R) − memcpy(R) more than the copy, which counts one launch "
            f"more than one kernel has; at most: memcpy(x) / (memcpy(x) + that cost), and with the extra "
            f"launch taken off; measured: the sweep's % of the copy timed beside it.\n\n")
    rows = ["| dtype | M | N | row MB | x MB | phase cost, µs | memcpy(x), µs | at most | less a launch | measured | from |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    for path in paths[1:]:
        recs, ctx = bench_rows(path)
        size = 4 if ctx.get("dtype", "f32") == "f32" else 2
        for (m, n), b in sorted(recs.items(), key=lambda kv: (kv[0][0], kv[0][1])):
            row, x = (n * size) >> 20, (m * n * size) >> 20
            if m > 8 or x < 64 or row not in times or x not in times:
                continue
            cost = times[row][0] + times[row][1] - times[row][2]
            copy = times[x][2]
            rows.append(f"| {ctx.get('dtype', '?')} | {m} | {n} | {row} | {x} | {cost:.1f} | {copy:.1f} | "
                        f"{down(100 * copy / (copy + cost))}% | {down(100 * copy / (copy + max(0.0, cost - empty)))}% | "
                        f"{down(b['pct_copy'])}% | `{Path(path).name}` |")
    return head + "\n".join(rows) + "\n"


def down(pct):
    """A percentage to one decimal, rounded down: 94.99 is under the line and reads 94.9, not 95.0."""
    return f"{math.floor(pct * 10 + 1e-9) / 10:.1f}"


def target_table(paths):
    missing = [p for p in paths if not (ROOT / p).exists()]
    if missing:
        return f"_No result file {', '.join(missing)} yet._\n"
    dtypes, by_commit = ["f32", "f16", "bf16"], {}
    for path in paths:  # {commit: {dtype: (records, context, path)}}, in the order given
        recs, ctx = bench_rows(path)
        by_commit.setdefault(ctx.get("commit", "?"), {})[ctx.get("dtype", "f32")] = (recs, ctx, path)
    rows = ["| commit | date | ≥ 95% of the copy | M = 2048, lowest (f32 / f16 / bf16) | M ≤ 8 (f32 / f16 / bf16) | files |",
            "|---|---|---:|---|---|---|"]
    for commit, runs in by_commit.items():
        met = total = 0
        many, few = [], []
        for t in dtypes:
            if t not in runs:
                many.append("–")
                few.append("–")
                continue
            recs, _, _ = runs[t]
            size = 4 if t == "f32" else 2
            big = {shape: b["pct_copy"] for shape, b in recs.items() if shape[0] * shape[1] * size >= 64 << 20}
            total += len(big)
            met += sum(p >= 95.0 for p in big.values())
            m = [p for (mm, _), p in big.items() if mm >= 2048]
            f = [p for (mm, _), p in big.items() if mm <= 8]
            many.append(down(min(m)) if m else "–")
            few.append(f"{down(min(f))}–{down(max(f))}" if f else "–")
        date = min(ctx.get("date", "?")[:10] for _, ctx, _ in runs.values())
        files = ", ".join(f"`{Path(path).name}`" for _, _, path in runs.values())
        rows.append(f"| {commit} | {date} | {met} of {total} | {' / '.join(many)} | {' / '.join(few)} | {files} |")
    return ("% of the copy timed in the same run (rounded down to 0.1), on the sweep shapes of 64 MB or more "
            "(x alone); the dispatcher's sweeps (`./step11`, 30 timed iterations).\n\n" + "\n".join(rows) + "\n")


def render(text):
    def fill(m):
        kind, stage, spec = m.group(2), m.group(3), (m.group(4) or "")
        if kind == "measured":
            body = measured_table(stage)
        elif kind == "ptxas":
            body = ptxas_table(stage)
        elif kind == "compare":
            body = compare_table([stage] + spec.split())
        elif kind == "gpus":
            body = gpus_table([stage] + spec.split())
        elif kind == "peers":
            body = peers_table(stage, spec.strip())
        elif kind == "paths":
            body = paths_table(stage, spec)
        elif kind == "ceiling":
            body = ceiling_table([stage] + spec.split())
        elif kind == "phases":
            body = phases_table([stage] + spec.split())
        elif kind == "target":
            body = target_table([stage] + spec.split())
        else:
            body = occupancy_table(stage, spec)
        return m.group(1) + body + m.group(6)
    return BLOCK.sub(fill, text)


def self_test():
    """target_table on made-up sweeps: a shape counts only from 64 MB of x and only at 95% or more."""
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        def sweep(name, dtype, shapes):  # shapes: [(M, N, pct_copy)]
            path = Path(tmp) / name
            path.write_text(json.dumps({"context": {"commit": "abc1234", "dtype": dtype, "date": "2026-01-02T00:00"},
                                        "benchmarks": [{"name": f"s/{dtype}/M:{m}/N:{n}", "pct_copy": p}
                                                       for m, n, p in shapes]}))
            return str(path)
        f32 = sweep("a.json", "f32", [(2048, 8192, 95.0), (2048, 16384, 94.99), (8, 2097152, 80.0),
                                      (1, 4096, 99.0)])  # the last is 16 KB: not counted
        f16 = sweep("b.json", "f16", [(2048, 16384, 96.0), (4, 8388608, 70.0), (2048, 8192, 50.0)])  # 32 MB
        got = target_table([f32, f16]).splitlines()[-1]
        want = "| abc1234 | 2026-01-02 | 2 of 5 | 94.9 / 96.0 / – | 80.0–80.0 / 70.0–70.0 / – |"
        if not got.startswith(want):
            print(f"self-test failed:\n  got  {got}\n  want {want}")
            return 1
    print("self-test: target table ok")
    with tempfile.TemporaryDirectory() as tmp:  # the phases table: cost, bound, bound less a launch
        log = Path(tmp) / "phases.txt"
        log.write_text("GPU X, 1 SMs\n\nround 1: an empty kernel 2.00\n    MB  read write memcpy r+w cost\n"
                       "    16  10.00  8.00  12.00  18.00  6.00\n    64  30.00  25.00  50.00  55.00  5.00\n"
                       "\nround 2: an empty kernel 2.00\n    16  10.00  8.00  12.00  18.00  6.00\n"
                       "    64  30.00  25.00  50.00  55.00  5.00\n")
        sweep = Path(tmp) / "s.json"
        sweep.write_text(json.dumps({"context": {"dtype": "f32"}, "benchmarks": [
            {"name": "s/f32/M:4/N:4194304", "pct_copy": 70.0},     # rows of 16 MB, 64 MB: counted
            {"name": "s/f32/M:2048/N:8192", "pct_copy": 99.0}]}))  # many rows: not counted
        rows = [r for r in phases_table([str(log), str(sweep)]).splitlines() if r.startswith("| f32")]
        # cost 10 + 8 - 12 = 6 us; 50 / 56 = 89.28..% -> 89.2%; less the 2 us launch: 50 / 54 -> 92.5%
        want = ["| f32 | 4 | 4194304 | 16 | 64 | 6.0 | 50.0 | 89.2% | 92.5% | 70.0% | `s.json` |"]
        if rows != want:
            print(f"self-test failed:\n  got  {rows}\n  want {want}")
            return 1
    print("self-test: phases table ok")
    got = [short_kernel("void (anonymous namespace)::softmax_warp<128, 4>(float const*, float*, int)"),
           short_kernel("void (anonymous namespace)::staged_rows<__half, 4, 8, ((anonymous namespace)::Access)2>"
                        "(__half const*, __half*, long, int, int)"),
           short_kernel("twopass<float, 4>(float const*, float*)")]
    want = ["softmax_warp<128,4>", "staged_rows<__half,4,8,(Access)2>", "twopass<float,4>"]
    if got != want:
        print(f"self-test failed:\n  got  {got}\n  want {want}")
        return 1
    print("self-test: kernel names ok")
    return 0


def main():
    if "--self-test" in sys.argv[1:]:
        return self_test()
    check = "--check" in sys.argv[1:]
    stale = []
    for doc in sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]:
        if not doc.exists():
            continue
        old = doc.read_text()
        new = render(old)
        if new != old:
            stale.append(doc.relative_to(ROOT))
            if not check:
                doc.write_text(new)
    if check and stale:
        print("docs out of date with results/ or the compiler's report (run `make docs`):",
              ", ".join(map(str, stale)))
        return 1
    print(("checked" if check else "updated"), "generated tables:",
          ", ".join(map(str, stale)) if stale else "all current")
    return 0


if __name__ == "__main__":
    sys.exit(main())
