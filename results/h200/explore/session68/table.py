#!/usr/bin/env python3
"""Sixty-eighth session: the tables of its docs paragraphs, from its result files.
Usage: python3 results/h200/explore/session68/table.py [below224|below|many|edges|self|confirm|wider]
below224: session67/next/below224.txt, ./step11 (086f587) against stage 10 forced persistent on 2
paired CTAs, halves and fp32 rows of 160-208 KB at 528-1024 rows, two rounds, each its own process;
below: below/below.txt, 2 paired CTAs from one wide CTA a row for every halves row of 128-256 KB as
built (004a5b8), ./step11 against STEP10_PAIRED=off ./step11 at 528-1000 rows, two rounds;
many: below/many.txt, ./step11 (stage 08 by rule 35) against ./step10 (paired) at 1024-2048 rows;
edges: edges/edges.txt, ./step08 against ./step10 at 1024-1280 rows (887a7f6), two rounds;
self: edges/self.txt, stage 10 paired against STEP10_PAIRED=off ./step10 at 1024-2048 rows;
confirm: confirm/confirm.txt, ./step11 with the thirteenth H200 amendment (0004e4d) against
./step08, one round;
wider: wider/wider.txt, halves rows of 264-336 KB (the wider CTAs' plan, persistent clusters of one),
./step11 (97ab985) against stage 10 forced onto 8 slices, persistent, on 3 paired CTAs and on 2 wide
CTAs, two rounds."""
import importlib.util
import os

HERE = os.path.dirname(os.path.abspath(__file__))

# session67/table.py loads session65's and session66's; its forms_table and label serve here.
_spec = importlib.util.spec_from_file_location("table67", os.path.join(HERE, "..", "session67", "table.py"))
_t67 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_t67)

FILES = {"below224": ("../session67/next/below224.txt", "./step11"), "below": ("below/below.txt", "./step11"),
         "many": ("below/many.txt", "./step11"), "edges": ("edges/edges.txt", "./step08"),
         "self": ("edges/self.txt", "./step10"), "confirm": ("confirm/confirm.txt", "./step08"),
         "wider": ("wider/wider.txt", "./step11")}


WIDE = "STEP10_FORM=wide STEP10_SLICES=8 STEP10_PERSISTENT=on"


def label(form):
    return {WIDE + " STEP10_PAIRED=on ./step10": "8 slices, 3 paired CTAs (forced)",
            WIDE + " STEP10_PAIRED=off ./step10": "8 slices, 2 wide CTAs (forced)"}.get(form) or _t67.label(form)


def main():
    _t67._t66.forms_main(HERE, FILES, label, "below", __doc__)


if __name__ == "__main__":
    main()
