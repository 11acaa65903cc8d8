#!/usr/bin/env python3
"""run_notebooks.py — execute the notebooks headless (no GPU, no browser).

  python3 notebooks/run_notebooks.py --inplace   # `make notebooks`: execute, save with outputs
  python3 notebooks/run_notebooks.py --check     # `make test-notebooks`: execute copies, check them

--check executes every notebook in memory (the committed files are not touched) and fails on any
cell error; it also fails when a committed notebook has a code cell without output, i.e. was
committed unexecuted. Prints one closing line 'test-notebooks: P passed, F failed'.
"""
from __future__ import annotations

import argparse
import glob
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def execute(path: str, timeout: int):
    import subprocess

    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    # The kernel must draw inline: an inherited MPLBACKEND=Agg would swallow every figure.
    os.environ.pop("MPLBACKEND", None)
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3", record_timing=False,
                            resources={"metadata": {"path": HERE}})
    # The kernel listens on loopback only; its own log lines (not the cells' output) are dropped.
    client.execute(stderr=subprocess.DEVNULL)
    return nb


def committed_with_outputs(path: str) -> str:
    """'' when every code cell of the file on disk was executed, else which one was not."""
    import nbformat

    nb = nbformat.read(path, as_version=4)
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code" and cell.source.strip() and cell.get("execution_count") is None:
            return f"code cell {i} has no output: run `make notebooks` and commit the result"
    return ""


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    mode = p.add_mutually_exclusive_group(required=True)
    mode.add_argument("--inplace", action="store_true", help="execute and save with outputs")
    mode.add_argument("--check", action="store_true", help="execute copies; fail on any error")
    p.add_argument("--timeout", type=int, default=300, help="seconds per cell")
    p.add_argument("notebooks", nargs="*", help="default: notebooks/*.ipynb")
    args = p.parse_args(argv)

    import nbformat
    from nbclient.exceptions import CellExecutionError

    paths = args.notebooks or sorted(glob.glob(os.path.join(HERE, "*.ipynb")))
    passed = failed = 0
    for path in paths:
        name = os.path.basename(path)
        start = time.time()
        try:
            nb = execute(path, args.timeout)
        except CellExecutionError as e:
            failed += 1
            print(f"FAILED: {name}: a cell raised:\n{str(e)[-3000:]}")
            continue
        except Exception as e:  # noqa: BLE001 - a kernel that cannot start is a failure too
            failed += 1
            print(f"FAILED: {name}: {type(e).__name__}: {e}")
            continue
        secs = time.time() - start
        if args.inplace:
            nbformat.write(nb, path)
            print(f"executed {name} in {secs:.1f}s (saved with outputs)")
            passed += 1
            continue
        why = committed_with_outputs(path)
        if why:
            failed += 1
            print(f"FAILED: {name}: {why}")
        else:
            passed += 1
            print(f"ok {name} ({secs:.1f}s)")
    label = "notebooks" if args.inplace else "test-notebooks"
    print(f"{label}: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
