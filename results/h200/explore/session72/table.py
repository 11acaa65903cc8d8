#!/usr/bin/env python3
"""Seventy-second session: the tables of its docs paragraphs, from its result files.
Usage: python3 results/h200/explore/session72/table.py [margins|bounds|slices13|confirm|bf16]
margins: margins/margins.txt (f44e6cb), ./step11, ./step08 and ./step10 as built at rows past
320 KB, two rounds, each its own process (the call's time ran out in fp16 4096 x 165888's second
round and before fp32 1024 x 86016);
bounds: bounds/bounds.txt (2beac09), ./step08 against ./step10 as built, two rounds;
slices13: margins/slices13.txt, stage 10 as built (4 wide CTAs a row) against STEP10_SLICES=13
(3 wider CTAs, the 13th slice by bulk copy) at fp32 2048 x 256000, two rounds;
confirm: confirm/confirm.txt (beffae5, the new bounds), ./step11, ./step08 and ./step10 as built,
one round;
bf16: bf16/bf16.txt (fe90071), stage 08 as built (a bf16 word unpacked by a shift and a mask)
against the old conversion (oldconv.patch: __bfloat1622float2), one round."""
import importlib.util
import os

HERE = os.path.dirname(os.path.abspath(__file__))

_spec = importlib.util.spec_from_file_location("table66", os.path.join(HERE, "..", "session66", "table.py"))
_t66 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_t66)  # forms_table: mean µs (% of the copy), change against a base form

LABELS = {"build/v_oldconv/step08": "08, old bf16 unpack", "./step08": "08", "./step10": "10 as built", "./step11": "dispatcher",
          "STEP10_SLICES=13 ./step10": "10, 3 wider CTAs (13 slices)"}
FILES = {"margins": ("margins/margins.txt", "./step08"), "bounds": ("bounds/bounds.txt", "./step08"),
         "slices13": ("margins/slices13.txt", "./step10"), "confirm": ("confirm/confirm.txt", "./step08"),
         "bf16": ("bf16/bf16.txt", "build/v_oldconv/step08")}


def main():
    _t66.forms_main(HERE, FILES, lambda f: LABELS.get(f, f), "bounds", __doc__)


if __name__ == "__main__":
    main()
