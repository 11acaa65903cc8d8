#!/usr/bin/env python3
"""Seventieth session: the tables of its docs paragraphs, from its result files.
Usage: python3 results/h200/explore/session70/table.py [next|cliff|bounds|confirm|past|low]
next: next/next.txt (5ee1a33), ./step11 against stage 10 forced onto 8 slices, persistent, on 3
paired CTAs, fp32 rows of 272-336 KB at 264-2048 rows and halves rows of 320-332 KB at 2048-4096
rows, two rounds, each its own process;
cliff: next/cliff.txt, stage 08's wider block, stage 10's wider CTAs (STEP10_PAIRED=off) and stage
10 as built at rows of 320-336 KB, against stage 08;
bounds: bounds/bounds.txt (7694b3f), the three of cliff but stage 10 forced onto 3 paired CTAs, at
fp32 rows of 272-336 KB (132-4096 rows) and halves rows past 320 KB (1600-8192 rows);
confirm: confirm/confirm.txt (e27087f, the amendments as built), ./step11 against ./step08, one
round; past: confirm/past.txt, ./step08 against stage 10 forced onto 3 paired CTAs past the
amendments' rows, two rounds; low: final/low.txt (0c6ba84), the same at 150-190 rows."""
import importlib.util
import os

HERE = os.path.dirname(os.path.abspath(__file__))

# session69/table.py loads session68's (and, through it, 65's to 67's); their forms_table serves.
_spec = importlib.util.spec_from_file_location("table69", os.path.join(HERE, "..", "session69", "table.py"))
_t69 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_t69)

FILES = {"next": ("next/next.txt", "./step11"), "cliff": ("next/cliff.txt", "./step08"),
         "bounds": ("bounds/bounds.txt", "./step08"), "confirm": ("confirm/confirm.txt", "./step08"),
         "past": ("confirm/past.txt", "./step08"), "low": ("final/low.txt", "./step08")}


def main():
    _t69._t68._t67._t66.forms_main(HERE, FILES, _t69._t68.label, "bounds", __doc__)


if __name__ == "__main__":
    main()
