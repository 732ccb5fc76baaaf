#!/usr/bin/env python3
# Usage: bgzf-cut-at-last-line.py TRUNCATED.vcf.gz OUT.vcf.gz (a generator run stopped mid-file; issue 30's chr2).
# Cuts a truncated BGZF file at its last complete line: copies every complete block but the last, recompresses
# the last complete block's text up to its last newline, and appends the BGZF EOF block.
import struct, sys, zlib
src, dst = sys.argv[1], sys.argv[2]
EOF_BLOCK = bytes.fromhex("1f8b08040000000000ff0600424302001b0003000000000000000000")
with open(src, 'rb') as f:
    data = memoryview(f.read())
pos, blocks = 0, []
while pos + 18 <= len(data):
    if data[pos] != 0x1f or data[pos+1] != 0x8b: raise SystemExit(f"not a gzip header at {pos}")
    xlen = struct.unpack_from('<H', data, pos + 10)[0]
    bsize = struct.unpack_from('<H', data, pos + 16)[0] + 1
    if pos + bsize > len(data): break
    blocks.append((pos, bsize)); pos += bsize
print(f"{len(blocks)} complete blocks, {len(data) - pos} trailing bytes dropped", file=sys.stderr)
last_pos, last_size = blocks[-1]
text = zlib.decompressobj(31).decompress(bytes(data[last_pos:last_pos+last_size]))
cut = text.rfind(b'\n') + 1
def bgzf_block(payload):
    c = zlib.compressobj(6, zlib.DEFLATED, -15); comp = c.compress(payload) + c.flush()
    bsize = 18 + len(comp) + 8
    return (bytes([0x1f, 0x8b, 8, 4, 0, 0, 0, 0, 0, 0xff, 6, 0, 0x42, 0x43, 2, 0]) + struct.pack('<H', bsize - 1)
            + comp + struct.pack('<II', zlib.crc32(payload) & 0xffffffff, len(payload)))
with open(dst, 'wb') as out:
    out.write(data[:last_pos])
    if cut: out.write(bgzf_block(text[:cut]))
    out.write(EOF_BLOCK)
print(f"kept {last_pos + (1 if cut else 0)} bytes of blocks; last block cut at {cut} of {len(text)} bytes", file=sys.stderr)
