#!/usr/bin/env python3
"""Seventy-first session: the tables of its docs paragraphs, from its result files.
Usage: python3 results/h200/explore/session71/table.py [carveout|bulk|rule|adopt|low133]
carveout: after/carveout.txt (21efaae), stage 10's wider CTAs (STEP10_PAIRED=off) with and without
STEP10_CARVEOUT=100 (carveout.patch: all the unified memory as shared memory), two rounds, each
its own process;
bulk: bulk/bulk.txt (54dbfeb), stage 08 and stage 10's wider CTAs built as they were and with
every 13-slice cache's slices by bulk copy (make BULK_SLICES=1 then), and stage 10 as built, two
rounds (stage 08's bulk build failed at its opt-in: "–");
rule: rule/rule.txt (5c39dd7), the same with bulk copies only where the 13th slice is in use (a
runtime rule in the same kernel), two rounds;
adopt: adopt/adopt.txt (06e4527), the bulk kernels of their own as adopted against make
BULK_SLICES=0 (cp.async), and ./step11, one round;
low133: after/low133.txt, ./step11 against ./step08 at 133-145 rows, one round."""
import importlib.util
import os

HERE = os.path.dirname(os.path.abspath(__file__))

_spec = importlib.util.spec_from_file_location("table66", os.path.join(HERE, "..", "session66", "table.py"))
_t66 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_t66)  # forms_table: mean µs (% of the copy), change against a base form

W = "STEP10_PAIRED=off "
LABELS = {
    W + "build/v_carveout/step10": "wider CTAs",
    "STEP10_CARVEOUT=100 " + W + "build/v_carveout/step10": "wider CTAs, carveout 100%",
    "./step08": "08", "build/v_bulk/step08": "08, bulk", "build/v_cpasync/step08": "08, cp.async",
    W + "./step10": "10 wider", W + "build/v_bulk/step10": "10 wider, bulk",
    W + "build/v_cpasync/step10": "10 wider, cp.async", "./step10": "10 as built", "./step11": "dispatcher",
}
FILES = {"carveout": ("after/carveout.txt", W + "build/v_carveout/step10"), "bulk": ("bulk/bulk.txt", "./step08"),
         "rule": ("rule/rule.txt", "./step08"), "adopt": ("adopt/adopt.txt", "build/v_cpasync/step08"),
         "low133": ("after/low133.txt", "./step08")}


def main():
    _t66.forms_main(HERE, FILES, lambda f: LABELS.get(f, f), "adopt", __doc__)


if __name__ == "__main__":
    main()
