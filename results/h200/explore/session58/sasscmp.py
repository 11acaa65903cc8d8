#!/usr/bin/env python3
"""Compare two cuobjdump -sass dumps kernel by kernel: python3 sasscmp.py BASE.sass NEW.sass.

Names lose the anonymous namespace's hash (it differs between builds), lines their addresses;
blank lines and the dump's headers are skipped. Prints how many kernels are the same, differ, or
are in one dump only, by kernel template (the first 30 characters of the stripped name)."""
import re,sys,collections
def funcs(path):
    d={};cur=None
    for line in open(path):
        m=re.search(r'Function : (\S+)',line)
        if m: cur=re.sub(r'_GLOBAL__N__[0-9a-f]+_\w*?_cu_\w*?(?=\d+[a-z_])','',m.group(1)); d[cur]=[]; continue
        if cur is None: continue
        t = line.strip()
        if not t or 'identifier' in t or 'code for' in t or 'Fatbin' in t or t.startswith(('arch =', 'code version', 'host =', 'compile_size', '.target', '====', '....')):
            continue
        d[cur].append(re.sub(r'/\*[0-9a-f]+\*/','',line).strip())
    return d
a=funcs(sys.argv[1]); b=funcs(sys.argv[2])
same=[];diff=[]
for k in a:
    if k in b: (same if a[k]==b[k] else diff).append(k)
print('same',len(same),'diff',len(diff),'only base',len(set(a)-set(b)),'only new',len(set(b)-set(a)))
cat=lambda k: re.match(r'\d+([a-z_]+)',k).group(1) if re.match(r'\d+([a-z_]+)',k) else k[:30]
print('diff by kernel', collections.Counter(cat(k) for k in diff))
print('same by kernel', collections.Counter(cat(k) for k in same))
print('only new', collections.Counter(cat(k) for k in set(b)-set(a)))
print('only base', collections.Counter(cat(k) for k in set(a)-set(b)))
