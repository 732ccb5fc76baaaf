#!/usr/bin/env python3
"""Which rows' sample sets fill a DasGrid genotype index's pools (.dgi, format 2 or 3): per contig and per
column (het, hom, missing, nonDiploid, the AC and AN correction groups) the bytes of the sets it refers to
(a set referred to twice is counted once, at its first reference; a patch with its two short runs), and how many of those bytes repeat a set
already stored with the same members (what sharing identical sets would save).

    python3 perf/scripts/index-sets.py cohort.dgi

Reads the sections named by the catalog; needs numpy. Layout: docs/genotypes.md, "Persistent index".
"""
import hashlib
import json
import struct
import sys
from collections import defaultdict

import numpy as np


def main(path):
    data = np.memmap(path, dtype=np.uint8, mode='r')
    header = bytes(data[:64])
    version, = struct.unpack_from('<i', header, 8)
    cat_off, cat_len = struct.unpack_from('<qq', header, 24)
    catalog = json.loads(bytes(data[cat_off:cat_off + cat_len]))
    cohort = len(catalog['samples'])
    words = max(1, (cohort + 63) // 64)
    per_dense_page = max(1, 32768 // words)

    def pages(pool, dtype):
        off, n, _ = catalog['pools'][pool]['table']
        table = bytes(data[off:off + n])
        out = []
        for p in range(catalog['pools'][pool]['pages']):
            o, ln, _ = struct.unpack_from('<qii', table, 16 * p)
            out.append(np.frombuffer(data[o:o + ln], dtype=dtype))
        return out

    inline = pages('inline', '<u2')
    dense = pages('dense', '<u8')
    fixes = pages('corrections', '<i4')
    patches = pages('patches', '<i4') if 'patches' in catalog['pools'] else []

    def content(h):
        """(bytes stored, members key) of set handle h."""
        i = h >> 2
        if h & 3 == 1:
            page = inline[i >> 17]
            at = i & ((1 << 17) - 1)
            n = int(page[at])
            return 2 * (n + 1), ('i', page[at + 1:at + 1 + n].tobytes())
        if h & 3 == 3:
            page = dense[i // per_dense_page]
            at = (i % per_dense_page) * words
            return 8 * words, ('d', page[at:at + words].tobytes())
        if h & 3 == 0 and h != 0:  # format 3: a patch (base, minus, plus, cardinality) of 16 bytes
            e = i - 1
            entry = patches[e >> 14][(e & 16383) * 4:(e & 16383) * 4 + 4]
            size = 16 + sum(content(int(x))[0] for x in entry[1:3] if x != 0)
            return size, ('p', entry.tobytes())
        raise ValueError(f'handle {h:#x}')

    seen = set()
    digests = set()
    stored = defaultdict(int)     # (contig, column) -> bytes of sets first referred to there
    repeated = defaultdict(int)   # (contig, column) -> of which, sets whose members were stored before
    count = defaultdict(int)
    rows_of = {}

    def refer(contig, column, h):
        if h == 0 or h == -1 or h in seen:
            return
        seen.add(h)
        size, key = content(h)
        digest = hashlib.blake2b(key[0].encode() + key[1], digest_size=16).digest()
        stored[contig, column] += size
        count[contig, column] += 1
        if digest in digests:
            repeated[contig, column] += size
        digests.add(digest)

    def section(c, name, dtype):
        s = c['sections'].get(name)
        if s is None:
            return None
        return np.frombuffer(data[s[0]:s[0] + s[1]], dtype=dtype)

    for c in catalog['contigs']:
        name = c['name']
        rows_of[name] = c['rows']
        if c['rows'] == 0:
            continue
        for column in ('het', 'hom', 'missing', 'nonDiploid'):
            col = section(c, column, '<i4')
            if col is None:
                continue
            for h in np.unique(col):
                refer(name, column, int(h))
        for column in ('acFix', 'anFix'):
            col = section(c, column, '<i4')
            for at in np.unique(col):
                at = int(at)
                if at < 0:
                    continue
                page = fixes[at >> 16]
                i = at & 0xFFFF
                n = int(page[i])
                for k in range(n):
                    refer(name, column + ' groups', int(page[i + 2 + 2 * k]))
    calls = catalog['counts']['nonRefCalls']
    total = sum(stored.values())
    print(f'{path}: format {version}, {cohort:,} samples, pools hold {total:,} bytes of sets '
          f'({total / calls:.3f} bytes per non-ref call); of which repeats of an earlier set: '
          f'{sum(repeated.values()):,}')
    by_column = defaultdict(lambda: [0, 0, 0])
    for (contig, column), n in stored.items():
        by_column[column][0] += n
        by_column[column][1] += repeated[contig, column]
        by_column[column][2] += count[contig, column]
    print(f'{"column":<18}{"sets":>12}{"bytes":>16}{"repeats":>16}{"per call":>10}')
    for column, (n, r, k) in sorted(by_column.items(), key=lambda kv: -kv[1][0]):
        print(f'{column:<18}{k:>12,}{n:>16,}{r:>16,}{n / calls:>10.3f}')
    print('largest repeats by contig and column:')
    for (contig, column), r in sorted(repeated.items(), key=lambda kv: -kv[1])[:15]:
        print(f'  {contig:<8}{column:<18}{rows_of[contig]:>10,} rows {stored[contig, column]:>14,} bytes, '
              f'{r:>14,} repeats ({r / max(rows_of[contig], 1):.1f} per row)')


if __name__ == '__main__':
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
