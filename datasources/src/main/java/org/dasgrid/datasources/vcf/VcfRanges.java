package org.dasgrid.datasources.vcf;

import htsjdk.samtools.BAMFileSpan;
import htsjdk.samtools.BinningIndexContent;
import htsjdk.samtools.CSIIndex;
import htsjdk.samtools.Chunk;
import htsjdk.samtools.util.BlockCompressedInputStream;
import htsjdk.tribble.index.tabix.TabixIndex;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Cuts one bgzipped VCF into ranges of records that the builder reads and indexes at once, each on its own
 * threads (issue 30: one VCF on every core, where one thread parsing its records bounded the build). The cuts
 * come from the VCF's tabix or CSI index, balanced by compressed bytes: at each cut a key (contig, position) of
 * a record, found by reading the record the index points to; a range is every record from the first one with its
 * start key up to, not including, the first one with the next range's key, in file order. A position is never in
 * two ranges (all the records of one position, a multi-allelic site split over several lines included, are in
 * the range of the first), and a record belongs to the range of its POS whatever its END. The index only says
 * where to start reading: each range's reader checks that it meets exactly its start key first and exactly the
 * next range's key last ({@link Window}), so an index that disagrees with the file fails the ranges (and the
 * builder reads the VCF on one thread instead) rather than losing or repeating a record.
 */
final class VcfRanges {
  /** Tabix's bins end at 2^29; CSI indexes of longer contigs are read up to here. */
  private static final int TBI_MAX = (1 << 29) - 1;

  private VcfRanges() {}

  /**
   * The records from the first with key ({@code fromContig}, {@code fromPos}) up to, not including, the first with
   * key ({@code toContig}, {@code toPos}); reading starts at virtual offset {@code seek}, at or before the first
   * of them. No {@code fromContig}: from the first record (reading the header first, {@code seek} -1); no {@code
   * toContig}: to the end.
   */
  record Range(long seek, String fromContig, int fromPos, String toContig, int toPos) {
    static final Range WHOLE = new Range(-1, null, 0, null, 0);

    boolean whole() {
      return fromContig == null && toContig == null;
    }

    @Override
    public String toString() {
      return (fromContig == null ? "start" : fromContig + ":" + fromPos) + ".."
          + (toContig == null ? "end" : toContig + ":" + toPos);
    }
  }

  /** The ranges of a VCF (one {@link Range#WHOLE} when it is not cut), and why it was not, when it could have been. */
  record Cut(List<Range> ranges, Optional<String> note) {
    static Cut whole(String note) {
      return new Cut(List.of(Range.WHOLE), Optional.ofNullable(note));
    }
  }

  /**
   * Cuts {@code vcf} into up to {@code wanted} ranges of at least {@code minBytes} compressed bytes each. One
   * range (the whole file) when fewer are wanted or the file is smaller; also, with a note saying so, when the
   * file could be cut but is not bgzipped, has no index, or its index is older than it.
   */
  static Cut cut(Path vcf, int wanted, long minBytes) throws IOException {
    long size = Files.size(vcf);
    if (wanted < 2 || size < 2 * minBytes) {
      return Cut.whole(null);
    }
    String name = vcf.getFileName().toString();
    if (!isBgzf(vcf)) {
      return Cut.whole(name + " is not bgzipped: its records are read on one thread (bgzip and tabix it to build"
          + " it on " + wanted + ")");
    }
    Path tbi = vcf.resolveSibling(name + ".tbi");
    Path csi = vcf.resolveSibling(name + ".csi");
    Path index = Files.isRegularFile(tbi) ? tbi : Files.isRegularFile(csi) ? csi : null;
    if (index == null) {
      return Cut.whole(name + " has no tabix index (.tbi or .csi): its records are read on one thread (tabix -p vcf "
          + name + " to build it on " + wanted + ")");
    }
    if (Files.getLastModifiedTime(index).compareTo(Files.getLastModifiedTime(vcf)) < 0) {
      return Cut.whole(index.getFileName() + " is older than " + name + ": its records are read on one thread"
          + " (re-run tabix to build it on " + wanted + ")");
    }
    Offsets offsets;
    try {
      offsets = index == tbi ? new Tbi(tbi) : new Csi(csi);
    } catch (IOException | RuntimeException e) {
      return Cut.whole(index.getFileName() + " is not a readable index (" + e.getMessage()
          + "): the records of " + name + " are read on one thread");
    }
    try {
      return new Cut(cut(vcf, offsets, (int) Math.min(wanted, size / minBytes)), Optional.empty());
    } catch (IOException | RuntimeException e) {
      return Cut.whole(index.getFileName() + " does not lead to records of " + name + " (" + e.getMessage()
          + "): its records are read on one thread (re-run tabix to build it on " + wanted + ")");
    }
  }

  private static boolean isBgzf(Path vcf) throws IOException {
    try (var in = Files.newInputStream(vcf)) {
      byte[] h = in.readNBytes(18);
      return h.length == 18 && (h[0] & 0xff) == 0x1f && (h[1] & 0xff) == 0x8b && (h[3] & 4) != 0 && h[12] == 'B'
          && h[13] == 'C';
    }
  }

  /** A cut: the first record at {@code pos} on {@code contig}, read from {@code seek}. */
  private record Key(int tid, String contig, int pos, long seek) {}

  private static List<Range> cut(Path vcf, Offsets offsets, int n) throws IOException {
    List<String> names = offsets.names();
    int contigs = names.size();
    long[] begin = new long[contigs];
    long lo = Long.MAX_VALUE;
    long hi = 0;
    for (int tid = 0; tid < contigs; tid++) {
      long[] span = offsets.span(tid);
      begin[tid] = span == null ? -1 : span[0] >>> 16;
      if (span != null) {
        lo = Math.min(lo, span[0] >>> 16);
        hi = Math.max(hi, span[1] >>> 16);
      }
    }
    if (n < 2 || hi <= lo) {
      return List.of(Range.WHOLE);
    }
    List<Key> keys = new ArrayList<>();
    try (BlockCompressedInputStream reader = new BlockCompressedInputStream(vcf)) {
      for (int i = 1; i < n; i++) {
        long target = lo + (hi - lo) * i / n;
        int tid = -1;
        for (int t = 0; t < contigs; t++) {
          if (begin[t] >= 0 && begin[t] <= target && (tid < 0 || begin[t] >= begin[tid])) {
            tid = t;
          }
        }
        if (tid < 0) {
          continue;
        }
        // the first position whose records start at or after the target (seek offsets grow with the position)
        int low = 1;
        int high = offsets.maxPos();
        while (low < high) {
          int mid = low + (high - low) / 2;
          long seek = offsets.seek(tid, mid);
          if (seek >= 0 && (seek >>> 16) < target) {
            low = mid + 1;
          } else {
            high = mid;
          }
        }
        long seek = offsets.seek(tid, low);
        if (seek < 0) {
          continue;
        }
        int pos = firstPosAtOrAfter(reader, seek, names.get(tid), low);
        if (pos < 0) {
          continue;
        }
        Key k = new Key(tid, names.get(tid), pos, offsets.seek(tid, pos));
        Key last = keys.isEmpty() ? null : keys.get(keys.size() - 1);
        if (k.seek() >= 0 && (last == null || last.tid() != k.tid() || last.pos() < k.pos())) {
          keys.add(k);
        }
      }
    }
    if (keys.isEmpty()) {
      return List.of(Range.WHOLE);
    }
    List<Range> ranges = new ArrayList<>();
    Key from = null;
    for (Key k : keys) {
      ranges.add(from == null ? new Range(-1, null, 0, k.contig(), k.pos())
          : new Range(from.seek(), from.contig(), from.pos(), k.contig(), k.pos()));
      from = k;
    }
    ranges.add(new Range(from.seek(), from.contig(), from.pos(), null, 0));
    return ranges;
  }

  /** The position of the first record of {@code contig} at {@code pos} or after, reading from {@code seek}; -1 for none. */
  private static int firstPosAtOrAfter(BlockCompressedInputStream reader, long seek, String contig, int pos)
      throws IOException {
    reader.seek(seek);
    String line;
    while ((line = reader.readLine()) != null) {
      int tab = line.indexOf('\t');
      int tab2 = tab < 0 ? -1 : line.indexOf('\t', tab + 1);
      if (tab2 < 0 || !line.substring(0, tab).equals(contig)) {
        return -1;
      }
      int p;
      try {
        p = Integer.parseInt(line.substring(tab + 1, tab2));
      } catch (NumberFormatException e) {
        return -1;
      }
      if (p >= pos) {
        return p;
      }
    }
    return -1;
  }

  /** What the builder needs of an index: contig names, each contig's extent in the file, where to seek. */
  private abstract static class Offsets {
    abstract List<String> names();

    /** The smallest and largest virtual offsets of contig {@code tid}'s records, or null when it has none. */
    long[] span(int tid) {
      List<Chunk> all = chunks(tid, 1);
      if (all.isEmpty()) {
        return null;
      }
      long from = Long.MAX_VALUE;
      long to = 0;
      for (Chunk k : all) {
        from = Math.min(from, k.getChunkStart());
        to = Math.max(to, k.getChunkEnd());
      }
      return new long[] {from, to};
    }

    /** A virtual offset at or before every record of {@code tid} at {@code pos} or after; -1 when there are none. */
    long seek(int tid, int pos) {
      List<Chunk> chunks = chunks(tid, pos);
      long min = Long.MAX_VALUE;
      for (Chunk c : chunks) {
        min = Math.min(min, c.getChunkStart());
      }
      return chunks.isEmpty() ? -1 : min;
    }

    /** The chunks holding every record of {@code tid} overlapping [pos, the end]. */
    abstract List<Chunk> chunks(int tid, int pos);

    abstract int maxPos();
  }

  private static final class Tbi extends Offsets {
    private final List<String> names;
    private final BinningIndexContent[] bins;

    Tbi(Path file) throws IOException {
      TabixIndex index = new TabixIndex(file);
      names = List.copyOf(index.getSequenceNames());
      bins = index.getIndices();
    }

    @Override
    List<String> names() {
      return names;
    }

    @Override
    List<Chunk> chunks(int tid, int pos) {
      BinningIndexContent c = tid < bins.length ? bins[tid] : null;
      if (c == null) {
        return List.of();
      }
      // one base of slack, as the tabix source reads htsjdk's binning (a chunk too many costs a skipped line)
      int from = Math.max(1, pos - 1);
      List<Chunk> chunks = c.getChunksOverlapping(from, TBI_MAX);
      if (chunks == null || chunks.isEmpty()) {
        return List.of();
      }
      return Chunk.optimizeChunkList(chunks, c.getLinearIndex().getMinimumOffset(from));
    }

    @Override
    int maxPos() {
      return TBI_MAX;
    }
  }

  private static final class Csi extends Offsets {
    private final CSIIndex index;
    private final List<String> names = new ArrayList<>();
    private final int maxPos;

    Csi(Path file) throws IOException {
      index = new CSIIndex(file, null);
      ByteBuffer aux = ByteBuffer.wrap(index.getAuxData()).order(ByteOrder.LITTLE_ENDIAN);
      if (aux.remaining() < 28) {
        throw new IOException("a CSI index without a tabix header");
      }
      aux.position(24); // format, col_seq, col_beg, col_end, meta, skip (htslib tbx.c), then the names
      int length = aux.getInt();
      byte[] bytes = new byte[Math.min(length, aux.remaining())];
      aux.get(bytes);
      int from = 0;
      for (int i = 0; i < bytes.length; i++) {
        if (bytes[i] == 0) {
          names.add(new String(bytes, from, i - from, StandardCharsets.UTF_8));
          from = i + 1;
        }
      }
      maxPos = (int) Math.min(Integer.MAX_VALUE - 1L, (1L << (index.getMinShift() + 3L * index.getBinDepth())) - 1);
    }

    @Override
    List<String> names() {
      return names;
    }

    @Override
    List<Chunk> chunks(int tid, int pos) {
      if (tid >= index.getNumberOfReferences()) {
        return List.of();
      }
      BAMFileSpan span = index.getSpanOverlapping(tid, Math.max(1, pos - 1), maxPos);
      return span == null ? List.of() : span.getChunks();
    }

    @Override
    int maxPos() {
      return maxPos;
    }
  }

  /**
   * Keeps a reader to its range: the lines before its first record are skipped, the line of the next range's
   * first record ends it; anything else than what the cut promised (another first record, a missed last one)
   * fails the range.
   */
  static final class Window {
    private final Range range;
    private final byte[] from;
    private final byte[] to;
    private boolean started;
    private boolean inLastContig;

    Window(Range range) {
      this.range = range;
      this.from = range.fromContig() == null ? null : range.fromContig().getBytes(StandardCharsets.UTF_8);
      this.to = range.toContig() == null ? null : range.toContig().getBytes(StandardCharsets.UTF_8);
      this.started = from == null;
    }

    /** Where the record on {@code b[start, end)} lies: -1 before the range, 0 in it, 1 after it (the end). */
    int place(byte[] b, int start, int end) throws Mismatch {
      int tab = start;
      while (tab < end && b[tab] != '\t' && b[tab] != '\n') { // end may be past the line (ByteLines#nextStart)
        tab++;
      }
      long pos = tab < end && b[tab] == '\n' ? -1 : 0; // a line of one column
      for (int p = tab + 1; pos >= 0 && p < end && b[p] != '\t'; p++) { // a newline is not a digit: pos -1
        int d = b[p] - '0';
        if (d < 0 || d > 9 || pos > Integer.MAX_VALUE) {
          pos = -1;
          break;
        }
        pos = pos * 10 + d;
      }
      if (!started) {
        if (!same(b, start, tab, from) || pos > range.fromPos() || pos < 0) {
          throw new Mismatch("range " + range + ": the index led to "
              + new String(b, start, tab - start, StandardCharsets.UTF_8) + ":" + pos + " first");
        }
        if (pos < range.fromPos()) {
          return -1;
        }
        started = true;
      }
      if (to != null) {
        if (same(b, start, tab, to)) {
          inLastContig = true;
          if (pos >= range.toPos()) {
            if (pos != range.toPos()) {
              throw new Mismatch("range " + range + " ends at " + range.toContig() + ":" + pos);
            }
            return 1;
          }
        } else if (inLastContig) {
          throw new Mismatch("range " + range + ": " + range.toContig() + " ended before its end");
        }
      }
      return 0;
    }

    /** At the end of the input: fails when the range's end was not met. */
    void finish() throws Mismatch {
      if (to != null || !started) {
        throw new Mismatch("range " + range + ": the file ended before its " + (started ? "end" : "start"));
      }
    }

    private static boolean same(byte[] b, int start, int end, byte[] name) {
      if (end - start != name.length) {
        return false;
      }
      for (int i = 0; i < name.length; i++) {
        if (b[start + i] != name[i]) {
          return false;
        }
      }
      return true;
    }
  }

  /** A range that did not read as its cut said: the index disagrees with the file. */
  static final class Mismatch extends IOException {
    Mismatch(String message) {
      super(message);
    }
  }
}
