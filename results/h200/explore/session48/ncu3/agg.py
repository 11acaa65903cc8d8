"""Executed instructions and stall samples per source line, from ncu's per-SASS-instruction CSV
(ncu3.sh) and the line info of the same cubin, disassembled here: nvdisasm --print-line-info of
the kernel's cubin (cuobjdump -xelf), cut to the kernel's .text section.
Usage: python3 agg.py s09-f32-sass.csv.gz kernel.dis 30   (lines.txt: the output for two kernels)"""
import csv, gzip, re, collections, sys
def load(p):
    rows=list(csv.reader((gzip.open(p, 'rt') if p.endswith('.gz') else open(p))))
    hdr=rows[1]; data=rows[2:]
    ia=hdr.index("Address"); isrc=hdr.index("Source"); iex=hdr.index("Instructions Executed"); iss=hdr.index("Warp Stall Sampling (All Samples)")
    base=int(data[0][ia],16)
    return [(int(r[ia],16)-base, r[isrc].strip(), float(r[iex] or 0), float(r[iss] or 0)) for r in data]
def lineinfo(dis):
    cur=None; lines={}
    for ln in open(dis):
        m=re.search(r'//## File "([^"]+)", line (\d+)', ln)
        if m: cur=(m.group(1).split('/')[-1], int(m.group(2))); continue
        m=re.search(r'/\*([0-9a-f]{4,})\*/\s+(.*?);', ln)
        if m: lines[int(m.group(1),16)]=(cur, m.group(2).strip())
    return lines
csvp, dis, top = sys.argv[1], sys.argv[2], int(sys.argv[3])
s=load(csvp); L=lineinfo(dis)
ex=collections.Counter(); st=collections.Counter()
for a,src,e,smp in s:
    k=L[a][0]; ex[k]+=e; st[k]+=smp
te=sum(ex.values()); ts=sum(st.values())
print(f"executed {te/1e6:.2f}M, samples {ts:.0f}")
for k,v in sorted(ex.items(), key=lambda kv:-kv[1])[:top]:
    print(f"{v/1e6:6.3f}M {100*v/te:5.1f}%  samples {100*st[k]/ts:5.1f}%  {k[0]}:{k[1]}")
