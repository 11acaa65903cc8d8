"""Fortieth session: the last commits changed steps/08_half.cu's comments only, after the GPU runs
at c88d8b7. This compares the sm_90 SASS of two builds of step08.o, function by function (with
tests/sass_check.py's reader; the anonymous namespace's hash and the addresses normalised), and
prints how many are identical.
Usage: python3 sass_same.py OLD.o NEW.o"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../../tests"))
from sass_check import cuobjdump, functions  # noqa: E402

HASH = re.compile(r"_GLOBAL__N__[0-9a-f_]+_")
ADDR = re.compile(r"/\*[0-9a-f]{4,}\*/")


def normalised(obj):
    return {HASH.sub("", name): [HASH.sub("", ADDR.sub("", line)).strip() for line in lines]
            for name, lines in functions(cuobjdump(), obj).items()}


a, b = normalised(sys.argv[1]), normalised(sys.argv[2])
print(f"old: {len(a)} sm_90 functions; new: {len(b)}; identical: {sum(1 for k in a if b.get(k) == a[k])}; "
      f"differ: {sum(1 for k in a if k in b and b[k] != a[k])}; only in one: {len(set(a) ^ set(b))}")
