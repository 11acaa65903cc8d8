#!/usr/bin/env python3
"""plot_results.py — the plots and the README's results table, from result files only.

Reads results/<gpu>/peers.json (bench/peers.py: the stages and their peers in one process, one timing
method) and results/<gpu>/stepNN[_f16].json (Google Benchmark JSON from ./stepNN). A stage measured
in peers.json is taken from there; a stage found only in a stepNN.json is taken from it and marked
with a dagger (another process, the same method). Nothing is typed in by hand.

Writes, per GPU, into plots/<gpu>/:
  bandwidth.png   GB/s against N at M = 2048, one line per stage and peer, the copy dashed (fp32, fp16)
  pct_copy.png    the same as % of the device-to-device copy: a roofline-style view, with the
                  ceilings of a kernel that reads its input once, twice and three times
  speedup.png     speed-up over torch.softmax per implementation and shape (every sweep)
  long_rows.png   GB/s against N for few, long rows: M = 4 and the single vector M = 1
  short_rows.png  GB/s against N for short rows, N = 2 .. 512 in 2^25 elements, from
                  results/<gpu>/peers-short.json when there is one (bench/peers.py --sweeps small)
and rewrites the README's results table between <!-- results-table:begin --> and
<!-- results-table:end --> (nothing else in the README is touched; no markers: a note, no change).

  python3 plots/plot_results.py                     # every results/<gpu>/ -> plots/<gpu>/, README
  python3 plots/plot_results.py --results results/h100 --out /tmp/p --readme /tmp/README.md
"""
from __future__ import annotations

import argparse
import glob
import json
import math
import os
import re
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "bench"))

from peers import LABELS, SWEEP_BATCH, SWEEP_M2048, SWEEP_SMALL, SWEEP_VECTOR  # noqa: E402  (shapes: one source)

BEGIN, END = "<!-- results-table:begin -->", "<!-- results-table:end -->"
DTYPES = ("f32", "f16", "bf16")
DTYPE_TITLE = {"f32": "fp32", "f16": "fp16", "bf16": "bf16"}
PEER_ORDER = ["torch", "torch_compile", "triton_fused", "triton_online", "liger"]
PEER_STYLE = {  # colour, marker
    "torch": ("#d62728", "s"), "torch_compile": ("#ff7f0e", "D"), "triton_fused": ("#9467bd", "^"),
    "triton_online": ("#e377c2", "v"), "liger": ("#8c564b", "P"),
}
M2048 = {s for s in SWEEP_M2048}
BATCH = {s for s in SWEEP_BATCH}
VECTOR = {s for s in SWEEP_VECTOR}


def sweeps_of(M: int, N: int) -> list[str]:
    out = []
    if (M, N) in M2048:
        out.append("m2048")
    if (M, N) in BATCH:
        out.append("batch")
    if (M, N) in VECTOR:
        out.append("vector")
    return out


# ---- loading ---------------------------------------------------------------------------------

class ResultSet:
    """Every record of one results/<gpu>/ folder, in one form:
    impl, kind ('stage' | 'peer' | 'copy'), label, dtype, M, N, median_us, GB/s, copy_GB/s,
    pct_copy (absent when the record is a failed check: then 'error'), source ('peers' | 'harness')."""

    def __init__(self, folder: str):
        self.folder = folder
        self.records: list[dict] = []
        self.skipped: list[dict] = []
        self.peers_context: dict = {}
        self.harness_contexts: dict[str, dict] = {}
        self.problems: list[str] = []
        self._load()

    # What the figures and the table use: peers.json first, stages missing there from ./stepNN.
    def selected(self) -> list[dict]:
        peers = [r for r in self.records if r["source"] == "peers"]
        have = {(r["impl"], r["dtype"]) for r in peers}
        chosen = list(peers)
        for r in self.records:
            if r["source"] == "harness" and r["kind"] == "stage" and (r["impl"], r["dtype"]) not in have:
                chosen.append(r)
        # The harness's copy ceiling, only where a stage drawn from ./stepNN needs it.
        copy_shapes = {(r["dtype"], r["M"], r["N"]) for r in peers if r["kind"] == "copy"}
        need = {(r["dtype"], r["M"], r["N"]) for r in chosen if r["source"] == "harness"}
        chosen += [r for r in self.records if r["source"] == "harness" and r["kind"] == "copy"
                   and (r["dtype"], r["M"], r["N"]) in need - copy_shapes]
        return chosen

    @property
    def context(self) -> dict:
        if self.peers_context:
            return self.peers_context
        return next(iter(self.harness_contexts.values()), {})

    @property
    def gpu(self) -> str:
        return self.context.get("gpu") or os.path.basename(os.path.normpath(self.folder))

    @property
    def gpu_short(self) -> str:
        return self.context.get("gpu_short") or os.path.basename(os.path.normpath(self.folder))

    def provenance(self) -> str:
        """One line: where the numbers come from."""
        # The peers run, and every stage file a plotted record comes from (their dates and commits).
        files = {r["file"] for r in self.selected() if r["source"] == "harness" and "file" in r}
        ctxs = ([self.peers_context] if self.peers_context else []) + \
            [c for f, c in sorted(self.harness_contexts.items()) if f in files or not self.peers_context]
        dates = sorted({str(c["date"])[:10] for c in ctxs if c.get("date")})
        commits = sorted({str(c["commit"]) for c in ctxs if c.get("commit")})
        bits = [self.gpu]
        if dates:
            bits.append(dates[0] if len(dates) == 1 else f"{dates[0]} to {dates[-1]}")
        if commits:
            bits.append(("commit " if len(commits) == 1 else "commits ") + ", ".join(commits))
        src = []
        if self.peers_context:
            src.append("peers.json")
            if self.peers_context.get("quick"):
                src.append("QUICK run")
        if any(r["source"] == "harness" and r["kind"] == "stage" for r in self.selected()):
            src.append("stepNN.json" if self.peers_context else "stepNN.json (no peers.json)")
        return ", ".join(bits) + " — " + ", ".join(src)

    def _load(self) -> None:
        peers_path = os.path.join(self.folder, "peers.json")
        if os.path.exists(peers_path):
            try:
                self._load_peers(peers_path)
            except (OSError, ValueError, KeyError, TypeError) as e:
                self.problems.append(f"{peers_path}: unreadable ({e})")
        for path in sorted(glob.glob(os.path.join(self.folder, "step[0-9][0-9]*.json"))):
            # Only a stage's own sweep (stepNN.json, stepNN_f16.json, stepNN_bf16.json): files with a
            # longer name hold runs under a forced knob or of another commit, kept for the docs.
            if not SWEEP_FILE.fullmatch(os.path.basename(path)):
                continue
            try:
                self._load_harness(path)
            except (OSError, ValueError, KeyError, TypeError) as e:
                self.problems.append(f"{path}: unreadable ({e})")
        # The harness's copy ceiling: each stage timed one per shape; take their median.
        copies: dict[tuple, list[float]] = {}
        for r in self.records:
            if r["source"] == "harness" and "copy_GB/s" in r:
                copies.setdefault((r["dtype"], r["M"], r["N"]), []).append(r["copy_GB/s"])
        for (dtype, M, N), v in sorted(copies.items()):
            g = statistics.median(v)
            self.records.append({"impl": "copy", "kind": "copy", "label": LABELS["copy"], "dtype": dtype,
                                 "M": M, "N": N, "GB/s": g, "copy_GB/s": g, "pct_copy": 100.0,
                                 "median_us": 2.0 * M * N * (4 if dtype == "f32" else 2) / g / 1e3,
                                 "source": "harness"})

    def _load_peers(self, path: str) -> None:
        with open(path) as f:
            doc = json.load(f)
        self.peers_context = doc.get("context", {})
        for r in doc.get("records", []):
            rec = dict(r)
            rec["M"], rec["N"] = int(rec["M"]), int(rec["N"])
            rec["source"] = "peers"
            rec.setdefault("label", LABELS.get(rec["impl"], rec["impl"]))
            rec.setdefault("kind", "stage" if rec["impl"].startswith("step") else "peer")
            self.records.append(rec)
        self.skipped.extend(doc.get("skipped", []))

    def _load_harness(self, path: str) -> None:
        with open(path) as f:
            doc = json.load(f)
        ctx = doc.get("context", {})
        stage = str(ctx.get("stage", ""))  # "02_fused"
        m = re.match(r"(\d+)_?(.*)", stage) or re.match(r"step(\d+)", os.path.basename(path))
        if not m:
            self.problems.append(f"{path}: no stage in the context")
            return
        sid = m.group(1)
        name = m.group(2) if m.lastindex and m.lastindex >= 2 else ""
        dtype = str(ctx.get("dtype") or "f32")
        self.harness_contexts[os.path.basename(path)] = ctx
        for b in doc.get("benchmarks", []):
            if b.get("run_type", "iteration") != "iteration":
                continue
            shape = re.search(r"M:(\d+)/N:(\d+)", b.get("name", ""))
            M = int(b.get("M") or (shape.group(1) if shape else 0))
            N = int(b.get("N") or (shape.group(2) if shape else 0))
            rec = {"impl": f"step{sid}", "kind": "stage", "label": f"{sid} {name}".strip() + " †",
                   "dtype": dtype, "M": M, "N": N, "source": "harness", "file": os.path.basename(path)}
            if b.get("error_occurred") or "GB/s" not in b:
                rec["error"] = b.get("error_message", "no counters")
            else:
                for k in ("median_us", "GB/s", "copy_GB/s", "pct_copy"):
                    rec[k] = float(b[k])
            self.records.append(rec)


SWEEP_FILE = re.compile(r"step\d\d(_f16|_bf16)?\.json")


def find_result_folders(root: str) -> list[str]:
    out = []
    for d in sorted(glob.glob(os.path.join(root, "results", "*"))):
        if os.path.isdir(d) and (os.path.exists(os.path.join(d, "peers.json")) or
                                 glob.glob(os.path.join(d, "step[0-9][0-9]*.json"))):
            out.append(d)
    return out


# ---- styling ---------------------------------------------------------------------------------

def impl_order(records: list[dict]) -> list[str]:
    impls = {r["impl"] for r in records if r["kind"] != "copy"}
    stages = sorted(i for i in impls if i.startswith("step"))
    peers = [p for p in PEER_ORDER if p in impls] + sorted(impls - set(stages) - set(PEER_ORDER))
    return stages + peers


def impl_label(records: list[dict], impl: str) -> str:
    for r in records:
        if r["impl"] == impl:
            return r.get("label") or impl
    return impl


def impl_style(impl: str, stages: list[str]) -> dict:
    import matplotlib.pyplot as plt

    if impl in PEER_STYLE:
        colour, marker = PEER_STYLE[impl]
        return {"color": colour, "marker": marker, "linestyle": "-.", "markerfacecolor": "white",
                "linewidth": 1.6, "markersize": 5}
    if impl.startswith("step"):
        k = stages.index(impl) if impl in stages else 0
        colour = plt.get_cmap("viridis")(0.05 + 0.85 * k / max(1, len(stages) - 1))
        return {"color": colour, "marker": "o", "linestyle": "-", "linewidth": 2.0, "markersize": 4}
    return {"color": "grey", "marker": "x", "linestyle": ":", "linewidth": 1.2}


def ok(records: list[dict]) -> list[dict]:
    return [r for r in records if "GB/s" in r and "error" not in r]


def dtypes_present(records: list[dict]) -> list[str]:
    have = {r["dtype"] for r in records}
    return [d for d in DTYPES if d in have]


def series(records, impl, dtype, shapes):
    pts = sorted((r["N"], r) for r in records
                 if r["impl"] == impl and r["dtype"] == dtype and (r["M"], r["N"]) in shapes)
    return [n for n, _ in pts], [r for _, r in pts]


def _log2_axis(ax):
    ax.set_xscale("log", base=2)
    ax.grid(True, which="major", alpha=0.3)


def _footer(fig, rs: ResultSet):
    fig.text(0.01, 0.005, rs.provenance() + ". Bandwidth = 2·M·N·sizeof(T) / median time.",
             fontsize=7, color="dimgray", ha="left", va="bottom")


# ---- figures ---------------------------------------------------------------------------------

def fig_lines(rs: ResultSet, shapes: set, value: str, title: str, ylabel: str, ceilings=False):
    """One panel per dtype: `value` ('GB/s' or 'pct_copy') against N over `shapes`."""
    import matplotlib.pyplot as plt

    recs = [r for r in ok(rs.selected()) if (r["M"], r["N"]) in shapes]
    dts = dtypes_present(recs) or ["f32"]
    fig, axes = plt.subplots(1, len(dts), figsize=(6.2 * len(dts) + 2.2, 4.6), squeeze=False)
    order = impl_order(recs)
    stages = [i for i in order if i.startswith("step")]
    for ax, dtype in zip(axes[0], dts):
        for impl in order:
            xs, rows = series(recs, impl, dtype, shapes)
            if xs:
                ax.plot(xs, [r[value] for r in rows], label=impl_label(recs, impl), **impl_style(impl, stages))
        xs, rows = series(recs, "copy", dtype, shapes)
        if xs and value == "GB/s":
            ax.plot(xs, [r["GB/s"] for r in rows], color="black", linestyle="--", linewidth=1.4,
                    label="D2D copy (ceiling)")
        if ceilings:
            for pct, text in ((100.0, "copy: every byte read once, written once"),
                              (200 / 3, "input read twice: at most 67%"),
                              (50.0, "input read three times: at most 50%")):
                ax.axhline(pct, color="black", linestyle="--" if pct == 100 else ":", linewidth=1.0)
                ax.text(0.01, pct + 1.0, text, fontsize=7, va="bottom", transform=ax.get_yaxis_transform())
            ax.set_ylim(0, 112)
        _log2_axis(ax)
        ax.set_xlabel("N (row length)")
        ax.set_ylabel(ylabel)
        ax.set_title(f"{DTYPE_TITLE[dtype]}")
        if value == "GB/s":
            ax.set_ylim(bottom=0)
    _figure_legend(fig, axes[0])
    fig.suptitle(f"{title} — {rs.gpu}", fontsize=11)
    fig.tight_layout(rect=(0, 0.03, 1 - 2.0 / fig.get_figwidth(), 1))
    _footer(fig, rs)
    return fig


def fig_bandwidth(rs: ResultSet):
    return fig_lines(rs, M2048, "GB/s", "Softmax, M = 2048: effective bandwidth", "GB/s")


def fig_pct_copy(rs: ResultSet):
    return fig_lines(rs, M2048, "pct_copy", "Softmax, M = 2048: % of the device-to-device copy",
                     "% of copy (same bytes, same run)", ceilings=True)


def _figure_legend(fig, axes):
    """One legend for the figure, right of the panels: each label once, in first-seen order."""
    handles, labels = [], []
    for ax in axes:
        for h, lab in zip(*ax.get_legend_handles_labels()):
            if lab not in labels:
                handles.append(h)
                labels.append(lab)
    fig.legend(handles, labels, loc="center right", fontsize=8, frameon=False)


def fig_long_rows(rs: ResultSet):
    """GB/s against N for M = 4 (the batch table's long rows) and M = 1 (one vector)."""
    import matplotlib.pyplot as plt

    few4 = {s for s in BATCH if s[0] == 4}
    recs = [r for r in ok(rs.selected()) if (r["M"], r["N"]) in few4 | VECTOR]
    dts = dtypes_present(recs) or ["f32"]
    panels = [(4, few4, "M = 4"), (1, VECTOR, "M = 1 (one vector)")]
    fig, axes = plt.subplots(len(panels), len(dts), figsize=(6.2 * len(dts) + 2.2, 8.4), squeeze=False)
    order = impl_order(recs)
    stages = [i for i in order if i.startswith("step")]
    for row, (_, shapes, name) in enumerate(panels):
        for col, dtype in enumerate(dts):
            ax = axes[row][col]
            for impl in order:
                xs, rows = series(recs, impl, dtype, shapes)
                if xs:
                    ax.plot(xs, [r["GB/s"] for r in rows], label=impl_label(recs, impl),
                            **impl_style(impl, stages))
            xs, rows = series(recs, "copy", dtype, shapes)
            if xs:
                ax.plot(xs, [r["GB/s"] for r in rows], color="black", linestyle="--", linewidth=1.4,
                        label="D2D copy (ceiling)")
            ax.set_title(f"{name}, {DTYPE_TITLE[dtype]}")
            if not ax.lines:  # nothing was measured for this shape and dtype: say so
                ax.text(0.5, 0.5, "not measured", ha="center", va="center", transform=ax.transAxes,
                        color="gray")
                ax.set_xticks([])
                ax.set_yticks([])
                continue
            _log2_axis(ax)
            ax.set_ylim(bottom=0)
            ax.set_xlabel("N (row length)")
            ax.set_ylabel("GB/s")
    _figure_legend(fig, axes.flat)
    fig.suptitle(f"Few long rows: effective bandwidth — {rs.gpu}", fontsize=11)
    fig.tight_layout(rect=(0, 0.02, 1 - 2.0 / fig.get_figwidth(), 1))
    _footer(fig, rs)
    return fig


SHORT_FILE = "peers-short.json"  # bench/peers.py --sweeps small, beside peers.json (optional)


def fig_short_rows(rs: ResultSet):
    """GB/s against N for short rows (bench/peers.py's sweep "small": N = 2 .. 512 in matrices of
    2^25 elements), from results/<gpu>/peers-short.json when the folder has one; else a note."""
    import matplotlib.pyplot as plt

    path = os.path.join(rs.folder, SHORT_FILE)
    if not os.path.exists(path):
        fig, ax = plt.subplots(figsize=(6, 2))
        ax.axis("off")
        ax.text(0.5, 0.5, f"no {SHORT_FILE}: run bench/peers.py --sweeps small --out "
                f"{_rel(path)}", ha="center", va="center", fontsize=8)
        return fig
    with open(path) as f:
        doc = json.load(f)
    ctx = doc.get("context", {})
    shapes = {(M, N) for M, N in SWEEP_SMALL if M * N == 1 << 25}
    recs = [r for r in ok(doc.get("records", [])) if (r["M"], r["N"]) in shapes]
    dts = dtypes_present(recs) or ["f32"]
    fig, axes = plt.subplots(1, len(dts), figsize=(6.2 * len(dts) + 2.2, 4.6), squeeze=False)
    order = impl_order([r for r in recs if r["impl"] != "copy"])
    stages = [i for i in order if i.startswith("step")]
    for ax, dtype in zip(axes[0], dts):
        for impl in order:
            xs, rows = series(recs, impl, dtype, shapes)
            if xs:
                ax.plot(xs, [r["GB/s"] for r in rows], label=impl_label(recs, impl), **impl_style(impl, stages))
        xs, rows = series(recs, "copy", dtype, shapes)
        if xs:
            ax.plot(xs, [r["GB/s"] for r in rows], color="black", linestyle="--", linewidth=1.4,
                    label="D2D copy (ceiling)")
        _log2_axis(ax)
        ax.set_ylim(bottom=0)
        ax.set_xlabel("N (row length; M = 2^25 / N rows)")
        ax.set_ylabel("GB/s")
        ax.set_title(DTYPE_TITLE[dtype])
    _figure_legend(fig, axes[0])
    fig.suptitle(f"Short rows, 2^25 elements: effective bandwidth — {ctx.get('gpu', rs.gpu)}", fontsize=11)
    fig.tight_layout(rect=(0, 0.03, 1 - 2.0 / fig.get_figwidth(), 1))
    fig.text(0.01, 0.005, f"{_rel(path)}: {ctx.get('date', '?')[:10]}, commit {ctx.get('commit', '?')}, "
             f"every implementation in one process (bench/peers.py). Bandwidth = 2·M·N·sizeof(T) / median "
             f"time.", fontsize=7, color="dimgray", ha="left", va="bottom")
    return fig


def shape_label(M: int, N: int) -> str:
    def n(v):
        return f"2^{int(math.log2(v))}" if v >= 65536 and v & (v - 1) == 0 else str(v)
    return f"{M}×{n(N)}"


def fig_speedup(rs: ResultSet):
    """Heat map: torch.softmax's median time / the implementation's, per shape (columns) and
    implementation (rows), one panel per dtype. Green: faster than torch.softmax."""
    import matplotlib.pyplot as plt
    from matplotlib.colors import TwoSlopeNorm

    recs = ok(rs.selected())
    dts = [d for d in dtypes_present(recs) if any(r["impl"] == "torch" and r["dtype"] == d for r in recs)]
    if not dts:
        fig, ax = plt.subplots(figsize=(6, 2))
        ax.axis("off")
        ax.text(0.5, 0.5, "no torch.softmax measurement: no speed-up to show", ha="center", va="center")
        return fig
    shape_order = [s for s in SWEEP_M2048] + [s for s in SWEEP_BATCH if s not in M2048] + \
                  [s for s in SWEEP_VECTOR]
    panels = []
    for dtype in dts:
        base = {(r["M"], r["N"]): r["median_us"] for r in recs if r["impl"] == "torch" and r["dtype"] == dtype}
        shapes = [s for s in shape_order if s in base]
        impls = [i for i in impl_order(recs) if i != "torch" and
                 any(r["impl"] == i and r["dtype"] == dtype for r in recs)]
        grid = [[math.nan] * len(shapes) for _ in impls]
        for r in recs:
            if r["dtype"] == dtype and r["impl"] in impls and (r["M"], r["N"]) in base:
                grid[impls.index(r["impl"])][shapes.index((r["M"], r["N"]))] = base[(r["M"], r["N"])] / r["median_us"]
        panels.append((dtype, shapes, impls, grid))
    width = max(7.0, 0.62 * max(len(p[1]) for p in panels) + 3.0)
    heights = [0.42 * max(1, len(p[2])) + 1.6 for p in panels]
    fig, axes = plt.subplots(len(panels), 1, figsize=(width, sum(heights) + 0.6), squeeze=False,
                             gridspec_kw={"height_ratios": heights})
    vals = [v for p in panels for row in p[3] for v in row if not math.isnan(v)]
    # Colours saturate at 8x either way (the annotations carry the exact value), so the differences
    # between 0.7x and 2x stay visible next to the 100x of one-block-per-row on a single vector.
    lim = min(3.0, max(1.05, max((abs(math.log2(v)) for v in vals if v > 0), default=1.0)))
    norm = TwoSlopeNorm(vcenter=0.0, vmin=-lim, vmax=lim)
    for ax, (dtype, shapes, impls, grid) in zip(axes[:, 0], panels):
        logs = [[math.log2(v) if v > 0 else math.nan for v in row] for row in grid]
        im = ax.imshow(logs, cmap="RdYlGn", norm=norm, aspect="auto")
        for i, row in enumerate(grid):
            for j, v in enumerate(row):
                if not math.isnan(v):
                    ax.text(j, i, f"{v:.2f}" if v < 10 else f"{v:.0f}", ha="center", va="center", fontsize=6.5)
        ax.set_xticks(range(len(shapes)))
        ax.set_xticklabels([shape_label(*s) for s in shapes], rotation=60, ha="right", fontsize=7)
        ax.set_yticks(range(len(impls)))
        ax.set_yticklabels([impl_label(recs, i) for i in impls], fontsize=8)
        ax.set_title(f"{DTYPE_TITLE[dtype]}: speed-up over torch.softmax (its time / this time; "
                     f"blank = not run or refused)", fontsize=9)
        cb = fig.colorbar(im, ax=ax, fraction=0.025, pad=0.01)
        cb.set_label("log2 speed-up (saturates at 8x)", fontsize=7)
        cb.ax.tick_params(labelsize=7)
    fig.suptitle(f"Speed-up over torch.softmax, every sweep — {rs.gpu}", fontsize=11)
    fig.tight_layout(rect=(0, 0.025, 1, 1))
    _footer(fig, rs)
    return fig


FIGURES = {"bandwidth.png": fig_bandwidth, "pct_copy.png": fig_pct_copy, "speedup.png": fig_speedup,
           "long_rows.png": fig_long_rows, "short_rows.png": fig_short_rows}


def render(rs: ResultSet, out_dir: str, dpi: int = 110) -> list[str]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    os.makedirs(out_dir, exist_ok=True)
    written = []
    for name, make in FIGURES.items():
        fig = make(rs)
        path = os.path.join(out_dir, name)
        fig.savefig(path, dpi=dpi, metadata={"Software": None})
        plt.close(fig)
        written.append(path)
    return written


# ---- the README table ------------------------------------------------------------------------

def _pick_columns(avail: list[int], preferred: list[int], most: int = 6) -> list[int]:
    cols = [n for n in preferred if n in avail]
    if len(cols) >= 3:
        return cols
    if len(avail) <= most:
        return avail
    step = (len(avail) - 1) / (most - 1)
    return sorted({avail[round(i * step)] for i in range(most)})


def _md_table(recs: list[dict], shapes: list[tuple[int, int]], heads: list[str], dtype: str) -> list[str]:
    by = {(r["impl"], r["M"], r["N"]): r for r in recs if r["dtype"] == dtype}
    errors = {(r["impl"], r["M"], r["N"]) for r in recs if r["dtype"] == dtype and "error" in r}
    best = {}
    for s in shapes:
        vals = [r["GB/s"] for (i, m, n), r in by.items() if (m, n) == s and i != "copy" and "GB/s" in r]
        best[s] = max(vals) if vals else None
    lines = ["| implementation | " + " | ".join(heads) + " |", "|---|" + "---:|" * len(shapes)]
    for impl in impl_order(recs) + ["copy"]:
        cells = []
        for s in shapes:
            r = by.get((impl, *s))
            if r is not None and "GB/s" in r:
                cell = f"{r['GB/s']:.0f}" if impl == "copy" else f"{r['GB/s']:.0f} ({r['pct_copy']:.0f}%)"
                if impl != "copy" and best[s] is not None and r["GB/s"] == best[s]:
                    cell = f"**{cell}**"
            elif (impl, *s) in errors:
                cell = "check failed"
            else:
                cell = "—"
            cells.append(cell)
        if any(c != "—" for c in cells):
            label = impl_label(recs, impl) if impl != "copy" else "device-to-device copy"
            lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return lines


def _rel(path: str) -> str:
    """A path relative to the repository when it lies inside it, else as given."""
    a = os.path.abspath(path)
    return os.path.relpath(a, ROOT) if a.startswith(ROOT + os.sep) else path


def results_table(rs: ResultSet, plots_rel: str) -> str:
    """The README's results section body: provenance, then GB/s (% of copy) tables."""
    recs = [r for r in rs.selected() if "GB/s" in r or "error" in r]
    c = rs.context
    src = _rel(rs.folder)
    out = [f"Measured on **{rs.gpu}** ({rs.provenance().split(' — ')[0].split(', ', 1)[-1]}), "
           f"from `{src}/` by `make plots` (plots in `{plots_rel}/`). "
           "Effective bandwidth in GB/s = 2·M·N·sizeof(T) / median time, and in brackets the % of a "
           "device-to-device copy of the same bytes timed in the same run; best per column in bold; "
           "— = not run (the stage refuses the shape, or the peer is not available)."]
    if rs.peers_context:
        bits = [f"torch {c.get('torch')}"] + ([f"Triton {c['triton']}"] if c.get("triton") else [])
        if c.get("driver_release") or c.get("driver"):
            bits.append(f"driver {c.get('driver_release') or c.get('driver')}")
        out.append("")
        out.append("Stages and peers ran in one process with one timing method (`bench/peers.py`; "
                   + ", ".join(bits) + ")."
                   + (" **Quick run: 10 iterations, a subset of shapes — not final numbers.**"
                      if c.get("quick") else ""))
    if any(r["source"] == "harness" and r["kind"] == "stage" for r in recs):
        out.append("")
        out.append("† from `./stepNN` (results/<gpu>/stepNN.json): same method, another process.")
    notes = [n for n in rs.peers_context.get("notes", []) if "skipped" in n]
    if notes:
        out.append("")
        out.append("Not measured here: " + "; ".join(notes) + ".")
    for dtype in DTYPES:
        avail = sorted({r["N"] for r in recs if r["dtype"] == dtype and (r["M"], r["N"]) in M2048})
        if not avail:
            continue
        cols = _pick_columns(avail, [1024, 4096, 16384, 65536, 262144])
        out += ["", f"M = 2048, {DTYPE_TITLE[dtype]}:", ""]
        out += _md_table(recs, [(2048, n) for n in cols], [f"N = {n}" for n in cols], dtype)
    long_pref = [(4, 65536), (4, 1048576), (4, 33554432), (1, 1 << 20), (1, 1 << 26)]
    for dtype in DTYPES:
        avail = sorted({(r["M"], r["N"]) for r in recs if r["dtype"] == dtype and r["M"] in (1, 4)
                        and (r["M"], r["N"]) in (BATCH | VECTOR)}, key=lambda s: (-s[0], s[1]))
        if not avail:
            continue
        cols = [s for s in long_pref if s in avail]
        if len(cols) < 3:
            cols = avail[:6]
        out += ["", f"Few long rows, {DTYPE_TITLE[dtype]}:", ""]
        out += _md_table(recs, cols, [f"{m} × {shape_label(1, n).split('×')[1]}" for m, n in cols], dtype)
        break  # one long-row table (the first dtype present) keeps the README short
    return "\n".join(out)


def rewrite_readme(path: str, body: str) -> str:
    """Replace what lies between the markers; returns 'updated', 'unchanged' or a note."""
    if not os.path.exists(path):
        return f"note: {path} not found; README table skipped"
    with open(path, encoding="utf-8") as f:
        text = f.read()
    i, j = text.find(BEGIN), text.find(END)
    if i < 0 or j < 0 or j < i:
        return f"note: {path} has no {BEGIN} ... {END} markers; README table skipped"
    new = text[: i + len(BEGIN)] + "\n" + body.rstrip() + "\n" + text[j:]
    if new == text:
        return "unchanged"
    with open(path, "w", encoding="utf-8") as f:
        f.write(new)
    return "updated"


# ---- main ------------------------------------------------------------------------------------

def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--results", action="append", default=[],
                   help="a results/<gpu> folder (repeatable; default: every results/*/ with JSON)")
    p.add_argument("--out", help="output folder (default plots/<gpu>; with several --results: OUT/<gpu>)")
    p.add_argument("--readme", default=os.path.join(ROOT, "README.md"), help="README to update")
    p.add_argument("--no-readme", action="store_true", help="leave the README alone")
    p.add_argument("--readme-gpu", default="h100", help="whose results fill the README table (default h100)")
    args = p.parse_args(argv)

    folders = args.results or find_result_folders(ROOT)
    if not folders:
        print("plots: no result files under results/<gpu>/ (run `make bench peers` on a GPU first)")
        return 0
    sets = []
    for d in folders:
        rs = ResultSet(d)
        for msg in rs.problems:
            print("warning: " + msg)
        if not rs.records:
            print(f"plots: {d}: no records, skipped")
            continue
        sets.append(rs)
    if not sets:
        return 1
    for rs in sets:
        if args.out:
            out = args.out if len(sets) == 1 else os.path.join(args.out, rs.gpu_short)
        else:
            out = os.path.join(HERE, rs.gpu_short)
        files = render(rs, out)
        n_ok = len(ok(rs.selected()))
        print(f"plots: {rs.gpu}: {n_ok} measurement(s) -> " + ", ".join(_rel(f) for f in files))
    if not args.no_readme:
        pick = next((rs for rs in sets if rs.gpu_short == args.readme_gpu), sets[0])
        out = args.out if args.out and len(sets) == 1 else (
            os.path.join(args.out, pick.gpu_short) if args.out else os.path.join(HERE, pick.gpu_short))
        status = rewrite_readme(args.readme, results_table(pick, _rel(out)))
        print(f"plots: README table from {pick.gpu_short}: {status}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
