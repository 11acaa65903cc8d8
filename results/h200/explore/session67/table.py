#!/usr/bin/env python3
"""Sixty-seventh session: the tables of its docs paragraphs, from its result files.
Usage: python3 results/h200/explore/session67/table.py [paired2|adopt3|align|edges|rows256|adopted]
paired2: first/paired2.txt, ./step11 (4a36b6a) against stage 10 forced persistent on paired CTAs,
rows of 256-384 KB, three rounds, each its own process;
adopt3: adopt3/adopt3.txt, 3 paired CTAs for rows of 337-384 KB as first adopted (5aeea7d), ./step11
against STEP10_PAIRED=off, two rounds;
align: align/align.txt, the paired parts in whole 128-byte lines (9cbb17b) against parts in whole
packs (byvec.patch, as 5aeea7d) and STEP10_PAIRED=off, two rounds; then final/confirm.txt, the
adopted rule (d51bde6), one round;
edges: edges/edges.txt, the adopted rule (d51bde6) at the edges of its 7/8 bound, two rounds;
rows256: adopt3/rows256m.txt (two rounds) and rows256m2/rows256m2.txt (one, d51bde6), ./step11
against stage 10 forced persistent on 2 paired CTAs, rows of 192-256 KB at 528-1536 rows;
adopted: rows256/rows256c.txt, the halves' rows of 224-256 KB on 2 paired CTAs as adopted (25e6cce),
./step11 against ./step08 and STEP10_PAIRED=off ./step11, one round."""
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def load(name, session):
    """explore/SESSION/table.py as the module `name`."""
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, "..", session, "table.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# session66/table.py imports `table` (session65's), so that one is loaded under that name first.
sys.modules["table"] = load("table", "session65")
_t66 = load("table66", "session66")
env_label, forms_table = _t66.env_label, _t66.forms_table  # mean µs (% of the copy), change

PAIRED = "STEP10_FORM=wide STEP10_PERSISTENT=on STEP10_PAIRED=on ./step10"


def label(form):
    return {"./step11": "./step11 as built", "build/v_byvec/step11": "parts in packs (byvec.patch)",
            PAIRED: "stage 10 forced persistent, paired"}.get(form) or env_label(form)


def main():
    what = sys.argv[1] if len(sys.argv) > 1 else "align"
    files = {"paired2": ["first/paired2.txt"], "adopt3": ["adopt3/adopt3.txt"],
             "align": ["align/align.txt", "final/confirm.txt"], "edges": ["edges/edges.txt"],
             "rows256": ["adopt3/rows256m.txt", "rows256m2/rows256m2.txt"], "adopted": ["rows256/rows256c.txt"]}
    if what not in files:
        sys.exit(__doc__)
    for i, name in enumerate(files[what]):
        if i:
            print()
        forms_table(os.path.join(HERE, name), "./step11", label)


if __name__ == "__main__":
    main()
