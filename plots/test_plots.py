#!/usr/bin/env python3
"""test_plots.py — the plot script runs on the committed results, without a GPU (`make test-plots`).

For every results/<gpu>/ folder with result files, and the labelled fixture under plots/fixtures/
(a quick run's peers.json, so the peers path is tested even before full results are committed), plot_results.py renders into a temp dir and rewrites a temp README; the test
checks the PNGs, the table between the markers, that nothing outside the markers changed, that a
second run changes nothing, and that a README without markers is left alone. Also: a failed check in
a Google Benchmark JSON is read as an error, never as a bandwidth.
Prints one closing line 'test-plots: P passed, F failed'.
"""
from __future__ import annotations

import glob
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import plot_results as pr  # noqa: E402

passed = failed = 0


def check(cond: bool, what: str) -> None:
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print(f"FAILED: {what}")


def run_script(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, MPLBACKEND="Agg")
    return subprocess.run([sys.executable, os.path.join(HERE, "plot_results.py"), *args],
                          capture_output=True, text=True, env=env, timeout=300)


def test_folder(folder: str, tmp: str) -> None:
    name = os.path.basename(os.path.normpath(folder))
    out = os.path.join(tmp, "plots-" + name)
    readme = os.path.join(tmp, "README-" + name + ".md")
    before, after = "# Title\n\nSome text.\n\n## Results\n\n", "\n\nText after the table.\n"
    with open(readme, "w") as f:
        f.write(before + pr.BEGIN + "\nstale table\n" + pr.END + after)
    r = run_script("--results", folder, "--out", out, "--readme", readme)
    check(r.returncode == 0, f"{name}: plot_results.py exited {r.returncode}: {r.stderr[-2000:]}")
    for png in pr.FIGURES:
        path = os.path.join(out, png)
        ok = os.path.exists(path) and os.path.getsize(path) > 2000
        if ok:
            with open(path, "rb") as f:
                ok = f.read(8) == b"\x89PNG\r\n\x1a\n"
        check(ok, f"{name}: {png} missing, tiny or not a PNG")
    with open(readme) as f:
        text = f.read()
    check(text.startswith(before + pr.BEGIN) and text.endswith(pr.END + after),
          f"{name}: text outside the markers changed")
    body = text[text.find(pr.BEGIN) + len(pr.BEGIN): text.find(pr.END)]
    check("stale table" not in body and "| implementation |" in body and "GB/s" in body,
          f"{name}: no results table between the markers")
    rs = pr.ResultSet(folder)
    check(len(pr.ok(rs.selected())) > 0, f"{name}: no usable measurement loaded")
    r2 = run_script("--results", folder, "--out", out, "--readme", readme)
    check(r2.returncode == 0 and "unchanged" in r2.stdout, f"{name}: a second run changed the README")


def test_no_markers(folder: str, tmp: str) -> None:
    readme = os.path.join(tmp, "README-nomarkers.md")
    text = "# Title\n\nNo markers here.\n"
    with open(readme, "w") as f:
        f.write(text)
    r = run_script("--results", folder, "--out", os.path.join(tmp, "p2"), "--readme", readme)
    with open(readme) as f:
        check(r.returncode == 0 and f.read() == text and "no <!-- results-table" in r.stdout,
              "README without markers: not skipped with a note")


def test_failed_check_is_an_error(tmp: str) -> None:
    d = os.path.join(tmp, "results-fake", "gpu1")
    os.makedirs(d)
    doc = {"context": {"stage": "07_splitk", "dtype": "f16", "gpu": "Fake GPU1", "gpu_short": "gpu1"},
           "benchmarks": [
               {"name": "step07/f16/M:2048/N:1024/iterations:10/manual_time", "run_type": "iteration",
                "M": 2048, "N": 1024, "median_us": 2.0, "GB/s": 4194.3, "copy_GB/s": 5000.0, "pct_copy": 83.9},
               {"name": "step07/f16/M:2048/N:2048/iterations:10/manual_time", "run_type": "iteration",
                "error_occurred": True, "error_message": "check failed after timing"}]}
    with open(os.path.join(d, "step07_f16.json"), "w") as f:
        json.dump(doc, f)
    rs = pr.ResultSet(d)
    recs = {(r["impl"], r["N"]): r for r in rs.records if r["kind"] == "stage"}
    check(recs.get(("step07", 1024), {}).get("GB/s") == 4194.3, "harness JSON: counters not read")
    bad = recs.get(("step07", 2048), {})
    check("error" in bad and "GB/s" not in bad, "harness JSON: a failed check was read as a bandwidth")
    check(any(r["kind"] == "copy" and r["dtype"] == "f16" for r in rs.records),
          "harness JSON: no copy ceiling derived")
    table = pr.results_table(rs, "plots/gpu1")
    check("check failed" in table and "4194" in table, "results table: error or value missing")


def test_variant_files_are_left_out(tmp: str) -> None:
    """A forced-knob run beside a stage's sweep (step10_threads.json next to step10.json) measures the
    same shapes: only the sweep may reach the figures, or the shapes would appear twice."""
    d = os.path.join(tmp, "results-variants", "gpu1")
    os.makedirs(d)
    for name, gbs in (("step10.json", 2000.0), ("step10_threads.json", 1000.0), ("step10_e9d124b_f16.json", 500.0)):
        doc = {"context": {"stage": "10_cluster", "dtype": "f16" if "f16" in name else "f32", "gpu": "Fake GPU1",
                           "gpu_short": "gpu1"},
               "benchmarks": [{"name": "step10/M:2048/N:1024/iterations:10/manual_time", "run_type": "iteration",
                               "M": 2048, "N": 1024, "median_us": 8.0, "GB/s": gbs, "copy_GB/s": 2500.0,
                               "pct_copy": gbs / 25.0}]}
        with open(os.path.join(d, name), "w") as f:
            json.dump(doc, f)
    rs = pr.ResultSet(d)
    stages = [r for r in rs.selected() if r["kind"] == "stage"]
    check([r["GB/s"] for r in stages] == [2000.0], "harness JSON: a variant file beside the sweep was plotted")
    out = os.path.join(tmp, "variants-out")
    r = run_script("--results", d, "--out", out, "--no-readme")
    check(r.returncode == 0, f"a results folder with variant files: plot_results.py exited {r.returncode}: {r.stderr}")


def main() -> int:
    # The committed results, and the fixture too: it has a peers.json, which results may lack.
    folders = pr.find_result_folders(ROOT)
    folders += sorted(d for d in glob.glob(os.path.join(HERE, "fixtures", "*")) if os.path.isdir(d))
    print("test-plots: on " + ", ".join(os.path.relpath(f, ROOT) for f in folders))
    check(bool(folders), "no results and no fixture to plot")
    with tempfile.TemporaryDirectory() as tmp:
        for folder in folders:
            test_folder(folder, tmp)
        if folders:
            test_no_markers(folders[0], tmp)
        test_failed_check_is_an_error(tmp)
        test_variant_files_are_left_out(tmp)
    print(f"test-plots: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
