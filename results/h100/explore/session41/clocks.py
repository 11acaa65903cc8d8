"""Forty-first session: summarise nvidia-smi's samples (clocks.sh's CSV: timestamp, pstate,
clocks.sm, clocks.mem, power.draw, temperature.gpu, one line every 20 ms) of each run: how many
samples, the P-states seen, and the SM clock, memory clock and power as min / median / max.
Usage: python3 clocks.py CSV..."""
import statistics
import sys


def num(field):
    return float(field.strip().split()[0])


for path in sys.argv[1:]:
    rows = [line.split(",") for line in open(path) if line.count(",") >= 5]
    rows = [r for r in rows if r[2].strip().split()[0].replace(".", "").isdigit()]
    if not rows:
        print(f"{path}: no samples")
        continue
    states = sorted({r[1].strip() for r in rows})

    def span(i):
        v = sorted(num(r[i]) for r in rows)
        return f"{v[0]:.0f} / {statistics.median(v):.0f} / {v[-1]:.0f}"
    print(f"{path}: {len(rows)} samples, P-states {' '.join(states)}; SM MHz {span(2)}; memory MHz {span(3)}; "
          f"W {span(4)}; °C {span(5)}")
