#!/usr/bin/env python3
"""Sixty-ninth session: the tables of its docs paragraphs, from its result files.
Usage: python3 results/h200/explore/session69/table.py [adoptw|below6|past12|upper|lower|confirm|below512]
adoptw: adoptw/adoptw.txt, ./step11 (ede570f, wider.patch adopted) at two shapes, one round;
below6, past12: adoptw/below6.txt, past12.txt, ./step11 against stage 10 forced onto 8 slices,
persistent, on 3 paired CTAs, halves rows of 272-336 KB at 264-520 and 1100-4096 rows, two rounds,
each its own process;
upper, lower: bounds/upper.txt, lower.txt (6c253af), the same at 1536-4096 and 132-511 rows;
confirm: confirm/confirm.txt, ./step11 (deac2eb, the bounds and rule 33's two new amendments)
against ./step08, one round;
below512: below512/below512.txt, the same at 55711d4 (paired_below_wide), below 512 rows."""
import importlib.util
import os

HERE = os.path.dirname(os.path.abspath(__file__))

# session68/table.py loads session67's (and, through it, 65's and 66's); its label serves here.
_spec = importlib.util.spec_from_file_location("table68", os.path.join(HERE, "..", "session68", "table.py"))
_t68 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_t68)

FILES = {"adoptw": ("adoptw/adoptw.txt", "./step11"), "below6": ("adoptw/below6.txt", "./step11"),
         "past12": ("adoptw/past12.txt", "./step11"), "upper": ("bounds/upper.txt", "./step11"),
         "lower": ("bounds/lower.txt", "./step11"), "confirm": ("confirm/confirm.txt", "./step08"),
         "below512": ("below512/below512.txt", "./step08")}


def main():
    _t68._t67._t66.forms_main(HERE, FILES, _t68.label, "upper", __doc__)


if __name__ == "__main__":
    main()
