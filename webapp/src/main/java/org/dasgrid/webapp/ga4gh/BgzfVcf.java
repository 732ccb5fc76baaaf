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
 */
record BgzfVcf(Path file, String key, byte[] header, TabixIndex index, long length) {
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

  /** The compressed size of the BGZF block at {@code address}: its BSIZE field plus one. */
  private static long blockSize(FileChannel ch, long address) throws IOException {
    ByteBuffer b = ByteBuffer.allocate(18);
    while (b.hasRemaining()) {
      if (ch.read(b, address + b.position()) < 0) {
        throw new IOException("truncated BGZF block at " + address);
      }
    }
    return ((b.get(16) & 0xFF) | (b.get(17) & 0xFF) << 8) + 1;
  }
}
