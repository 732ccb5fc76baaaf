#!/usr/bin/env python3
"""Bytes of a DasGrid genotype index (.dgi) by section kind, from its catalog (no JVM, no decoding of the
sections): what each part of the layout costs, in bytes and in bytes per non-ref (het + hom-alt) call.

    python3 perf/scripts/index-sections.py cohort.dgi [--contigs]

--contigs also prints each contig's rows and bytes. Layout: docs/genotypes.md, "Persistent index".
"""
import json
import struct
import sys
from collections import defaultdict


def main(path, per_contig):
    with open(path, 'rb') as f:
        header = f.read(64)
        if header[:4] != b'\x89DGI':
            sys.exit(f'{path}: not a DasGrid genotype index')
        version, = struct.unpack_from('<i', header, 8)
        length, cat_off, cat_len = struct.unpack_from('<qqq', header, 16)
        f.seek(cat_off)
        catalog = json.loads(f.read(cat_len))
        tables = {}
        for name, pool in catalog['pools'].items():
            if not isinstance(pool, dict):  # format 4's inlineBits
                continue
            off, n, _ = pool['table']
            f.seek(off)
            raw = f.read(n)
            tables[name] = [struct.unpack_from('<qii', raw, 16 * p)[1] for p in range(pool['pages'])]
    calls = catalog['counts']['nonRefCalls']
    by_kind = defaultdict(int)
    for name, pages in tables.items():
        by_kind['pool ' + name] += sum(pages)
    rows = 0
    contig_bytes = []
    for c in catalog['contigs']:
        rows += c['rows']
        total = 0
        for name, sec in c.get('sections', {}).items():
            by_kind[name] += sec[1]
            total += sec[1]
        contig_bytes.append((c['name'], c['rows'], total))
    by_kind['catalog'] += cat_len
    listed = sum(by_kind.values())
    print(f'{path}: format {version}, {length:,} bytes, {rows:,} rows, {calls:,} non-ref calls: '
          f'{length / max(calls, 1):.3f} bytes per call, {length / max(rows, 1):.1f} bytes per row')
    print(f'{"part":<24}{"bytes":>16}{"per call":>10}{"per row":>10}{"share":>8}')
    for name, n in sorted(by_kind.items(), key=lambda kv: -kv[1]):
        print(f'{name:<24}{n:>16,}{n / max(calls, 1):>10.3f}{n / max(rows, 1):>10.2f}{100 * n / length:>7.1f}%')
    print(f'{"(alignment, header)":<24}{length - listed:>16,}')
    if per_contig:
        for name, n, total in contig_bytes:
            print(f'  {name:<22}{n:>10,} rows {total:>14,} bytes {total / max(n, 1):>8.1f} per row')


if __name__ == '__main__':
    args = [a for a in sys.argv[1:] if not a.startswith('--')]
    if len(args) != 1:
        sys.exit(__doc__)
    main(args[0], '--contigs' in sys.argv)
