package org.dasgrid.webapp.ga4gh;

import htsjdk.tribble.index.Block;
import htsjdk.tribble.index.tabix.TabixIndex;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A bgzipped, tabix-indexed copy of a VCF source, written so that htsget can hand out whole BGZF blocks: the
 * header fills blocks of its own, and every block starts at the start of a record line (a line that does not
 * fit in the rest of a block starts a new one), so any run of blocks is a run of whole records.
 *
 * @param file the bgzipped VCF, ending with the BGZF EOF block
 * @param key names this copy (source path and version) in block URLs
 * @param header the compressed bytes of the header blocks, {@code [0, header.length)} of the file
 * @param index its tabix index
 * @param length the file's length in bytes
 * @param blockStarts the address of every block of the records, ascending (where a ticket may cut them)
 */
record BgzfVcf(Path file, String key, byte[] header, TabixIndex index, long length, long[] blockStarts) {
  /** The 28-byte BGZF end-of-file block every bgzipped file ends with. */
  static final byte[] EOF = {
    0x1f, (byte) 0x8b, 0x08, 0x04, 0, 0, 0, 0, 0, (byte) 0xff, 0x06, 0, 0x42, 0x43, 0x02, 0, 0x1b, 0, 0x03, 0, 0,
    0, 0, 0, 0, 0, 0, 0
  };

  /** A half-open byte range of the file. */
  record ByteRange(long start, long end) {}

  /** Where the records begin (the first block after the header). */
  long bodyStart() {
    return header.length;
  }

  /** Where the records end (the EOF block). */
  long bodyEnd() {
    return length - EOF.length;
  }

  /**
   * The byte ranges of whole blocks holding every record that overlaps {@code [start1, end1]} (1-based,
   * inclusive) of {@code contig}, sorted and merged; empty when no record does.
   */
  List<ByteRange> blocks(String contig, int start1, int end1) throws IOException {
    if (!index.containsChromosome(contig)) {
      return List.of();
    }
    List<ByteRange> out = new ArrayList<>();
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      for (Block b : index.getBlocks(contig, start1, end1)) {
        long from = b.getStartPosition() >>> 16;
        long endVirtual = b.getEndPosition();
        long endBlock = endVirtual >>> 16;
        long to = (endVirtual & 0xFFFF) == 0 ? endBlock : endBlock + blockSize(ch, endBlock);
        out.add(new ByteRange(Math.max(from, bodyStart()), Math.min(to, bodyEnd())));
      }
    }
    return merge(out);
  }

  /** Sorted by start, overlapping or touching ranges joined. */
  static List<ByteRange> merge(List<ByteRange> ranges) {
    List<ByteRange> sorted = new ArrayList<>(ranges);
    sorted.removeIf(r -> r.end() <= r.start());
    sorted.sort(Comparator.comparingLong(ByteRange::start));
    List<ByteRange> out = new ArrayList<>();
    for (ByteRange r : sorted) {
      if (!out.isEmpty() && r.start() <= out.get(out.size() - 1).end()) {
        ByteRange last = out.remove(out.size() - 1);
        out.add(new ByteRange(last.start(), Math.max(last.end(), r.end())));
      } else {
        out.add(r);
      }
    }
    return out;
  }

  /**
   * The ranges (sorted, disjoint, each from a block start to a block start) cut at block starts into pieces
   * of at most {@code maxBytes}, so a client can fetch them in parallel and retry one alone; every block
   * begins a record, so every piece is whole records. A block larger than {@code maxBytes} is a piece alone.
   */
  List<ByteRange> split(List<ByteRange> ranges, long maxBytes) {
    List<ByteRange> out = new ArrayList<>();
    for (ByteRange r : ranges) {
      long from = r.start();
      while (r.end() - from > maxBytes) {
        // the last block start within maxBytes of from, or the next one when the first block is larger
        int i = java.util.Arrays.binarySearch(blockStarts, from + maxBytes);
        long cut = i >= 0 ? blockStarts[i] : -i - 2 >= 0 ? blockStarts[-i - 2] : from;
        if (cut <= from) {
          int next = java.util.Arrays.binarySearch(blockStarts, from + 1);
          int at = next >= 0 ? next : -next - 1;
          cut = at < blockStarts.length ? Math.min(blockStarts[at], r.end()) : r.end();
        }
        out.add(new ByteRange(from, cut));
        from = cut;
      }
      if (from < r.end()) {
        out.add(new ByteRange(from, r.end()));
      }
    }
    return out;
  }

  /** The address of every BGZF block in {@code [from, to)} of a file, read from the blocks' headers. */
  static long[] blockStarts(Path file, long from, long to) throws IOException {
    long[] out = new long[1024];
    int n = 0;
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      for (long at = from; at < to; at += blockSize(ch, at)) {
        if (n == out.length) {
          out = java.util.Arrays.copyOf(out, n * 2);
        }
        out[n++] = at;
      }
    }
    return java.util.Arrays.copyOf(out, n);
  }

  /** The compressed size of the BGZF block at {@code address}: its BSIZE field plus one. */
  private static long blockSize(FileChannel ch, long address) throws IOException {
    ByteBuffer b = ByteBuffer.allocate(18);
    while (b.hasRemaining()) {
      if (ch.read(b, address + b.position()) < 0) {
        throw new IOException("truncated BGZF block at " + address);
      }
    }
    if (b.get(0) != 0x1f || b.get(1) != (byte) 0x8b || b.get(12) != 0x42 || b.get(13) != 0x43) {
      throw new IOException("no BGZF block at " + address);
    }
    return ((b.get(16) & 0xFF) | (b.get(17) & 0xFF) << 8) + 1;
  }
}
