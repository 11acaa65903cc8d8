"""Fortieth session: the last commits changed steps/08_half.cu's comments only, after the GPU runs
at c88d8b7. This compares the sm_90 SASS of two builds of step08.o, function by function (the
anonymous namespace's hash and the addresses normalised), and prints how many are identical.
Usage: python3 sass_same.py OLD.o NEW.o   (cuobjdump from the toolkit or requirements.txt)"""
import re, shutil, subprocess, sys
from importlib import metadata

def cuobjdump():
    if shutil.which("cuobjdump"):
        return shutil.which("cuobjdump")
    for f in metadata.files("nvidia-cuda-cuobjdump") or []:
        if f.name == "cuobjdump":
            return str(f.locate())
    sys.exit("no cuobjdump")

def functions(obj):
    out = subprocess.run([cuobjdump(), "-sass", "-arch", "sm_90", obj], capture_output=True, text=True).stdout
    funcs, name = {}, None
    for line in out.splitlines():
        m = re.search(r"Function : (\S+)", line)
        if m:
            name = re.sub(r"_GLOBAL__N__[0-9a-f_]+_", "", m.group(1))
            funcs[name] = []
        elif name and re.search(r"/\*[0-9a-f]{4,}\*/", line):
            funcs[name].append(re.sub(r"_GLOBAL__N__[0-9a-f_]+_", "", re.sub(r"/\*[0-9a-f]{4,}\*/", "", line)).strip())
    return funcs

a, b = functions(sys.argv[1]), functions(sys.argv[2])
same = sum(1 for k in a if b.get(k) == a[k])
print(f"{sys.argv[1]}: {len(a)} sm_90 functions; {sys.argv[2]}: {len(b)}; identical: {same}; "
      f"differ: {sum(1 for k in a if k in b and b[k] != a[k])}; only in one: {len(set(a) ^ set(b))}")
