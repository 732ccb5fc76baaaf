#!/usr/bin/env python3
"""Writes BED12 (one line per mRNA: exons as blocks, CDS as thick range, a colour per strand) from a GFF3.

Used once to make dmel-2L-mrna.bed from the FlyBase r5.49 excerpt in ../shared/data:
  python3 mrna_to_bed12.py dmel-all-no-analysis-r5.49_50k_lines.gff > dmel-2L-mrna.bed
"""
import sys
from collections import defaultdict

mrna, exons, cds = {}, defaultdict(list), defaultdict(list)
for line in open(sys.argv[1]):
    if line.startswith('#') or not line.strip():
        continue
    c = line.rstrip('\n').split('\t')
    if len(c) < 9:
        continue
    attrs = dict(kv.split('=', 1) for kv in c[8].split(';') if '=' in kv)
    start, end = int(c[3]), int(c[4])
    if c[2] == 'mRNA' and 'ID' in attrs:
        mrna[attrs['ID']] = (c[0], start, end, c[6], attrs.get('Name', attrs['ID']))
    for p in attrs.get('Parent', '').split(','):
        if c[2] == 'exon':
            exons[p].append((start, end))
        elif c[2] == 'CDS':
            cds[p].append((start, end))
print('track name="dmel-2L-mRNA" description="FlyBase r5.49 2L mRNAs" itemRgb="On"')
rows = []
for mid, (ref, start, end, strand, name) in mrna.items():
    ex = sorted(set(exons.get(mid, [])))
    if not ex:
        continue
    merged = []
    for s, e in ex:
        if merged and s <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(merged[-1][1], e))
        else:
            merged.append((s, e))
    s0 = min(start, merged[0][0]) - 1
    e0 = max(end, merged[-1][1])
    c = cds.get(mid)
    thick = (min(x[0] for x in c) - 1, max(x[1] for x in c)) if c else (s0, s0)
    rgb = '0,0,255' if strand == '+' else '255,0,0'
    sizes = ','.join(str(e - s + 1) for s, e in merged) + ','
    starts = ','.join(str(s - 1 - s0) for s, e in merged) + ','
    score = min(1000, len(merged) * 100)
    rows.append((ref, s0, e0, name, score, strand, thick[0], thick[1], rgb, len(merged), sizes, starts))
for r in sorted(rows, key=lambda r: (r[0], r[1], r[2], r[3])):
    print('\t'.join(str(x) for x in r))
