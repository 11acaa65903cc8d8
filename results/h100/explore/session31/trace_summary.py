"""trace_summary.py — summarise stage 12's STEP12_TRACE timelines (thirty-first session probe).

Each trace has, per block b and tile i, the %globaltimer times (ns from the launch's first event)
of: the bulk copy issued, the tile landed, its row published, the tile written (as compute warp 0
saw them), and on a row's last tile of the block, the block's part filed and the row published
(filer and poller). Per trace this prints the span, the spread of two waits over all tiles, and
per row of the matrix: when its copies were issued, when they landed, when the last block filed
its part, when the first and last block saw it published, and when it was written.

Usage: python3 trace_summary.py TRACE...   (from this folder: python3 trace_summary.py */trace*.txt)
"""
import sys


def quantiles(xs):
    xs = sorted(xs)
    return " / ".join(f"{xs[min(len(xs) - 1, int(p * len(xs)))] / 1000:.1f}" for p in (0.1, 0.5, 0.9, 1.0))


def summarise(path):
    with open(path) as f:
        header = f.readline().strip()
        tiles = [list(map(int, line.split())) for line in f if line.strip()]
    words = header.split()
    tpr, grid = int(words[6]), int(words[8])
    print(path)
    print(header)
    print(f"span {max(max(t[2:]) for t in tiles) / 1000:.1f} us")
    print("landed - issued, us (p10 / p50 / p90 / max):   ", quantiles([t[3] - t[2] for t in tiles]))
    print("published - landed, us (p10 / p50 / p90 / max):", quantiles([t[4] - t[3] for t in tiles]))
    rows = {}
    for t in tiles:
        rows.setdefault((t[0] + t[1] * grid) // tpr, []).append(t)
    print("row | issued first last | landed first last | last filed | published first last | written first last (us)")
    for r in sorted(rows):
        ts = rows[r]
        col = lambda k, agg: agg(t[k] for t in ts if t[k] >= 0) / 1000
        print(f"{r:3d} | {col(2, min):6.1f} {col(2, max):6.1f} | {col(3, min):6.1f} {col(3, max):6.1f} | "
              f"{col(6, max):6.1f} | {col(7, min):6.1f} {col(7, max):6.1f} | {col(4, min):6.1f} {col(5, max):6.1f}")
    print()


for p in sys.argv[1:]:
    summarise(p)
