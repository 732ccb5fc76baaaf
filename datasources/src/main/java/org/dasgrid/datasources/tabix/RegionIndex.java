package org.dasgrid.datasources.tabix;

import htsjdk.samtools.BinningIndexContent;
import htsjdk.samtools.CSIIndex;
import htsjdk.samtools.Chunk;
import htsjdk.tribble.index.tabix.TabixFormat;
import htsjdk.tribble.index.tabix.TabixIndex;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.dasgrid.core.source.SourceLoadException;

/**
 * The tabix index of a bgzipped file, {@code .tbi} or {@code .csi}, read with htsjdk: the reference names,
 * the tabix preset (which columns hold reference, start and end), and the file chunks that may hold the
 * records overlapping a range.
 *
 * <p>htsjdk 4.3's {@code TabixReader} reads only {@code .tbi} and keeps one file position per reader (so one
 * query at a time), which is why the source does its own reading over htsjdk's index classes: {@link
 * TabixIndex} for {@code .tbi}, {@link CSIIndex} (htsjdk's CSI reader, written for BAM) for {@code .csi},
 * whose tabix header sits in the CSI auxiliary data.
 */
abstract class RegionIndex implements AutoCloseable {
  private final Path file;
  private final List<String> names;
  private final TabixFormat format;

  private RegionIndex(Path file, List<String> names, TabixFormat format) {
    this.file = file;
    this.names = List.copyOf(names);
    this.format = format;
  }

  /** Opens {@code configured} if given, else {@code data.tbi}, else {@code data.csi}. */
  static RegionIndex open(Path data, Path configured) throws SourceLoadException {
    Path tbi = data.resolveSibling(data.getFileName() + ".tbi");
    Path csi = data.resolveSibling(data.getFileName() + ".csi");
    Path index = configured != null ? configured : Files.isRegularFile(tbi) ? tbi : csi;
    if (!Files.isRegularFile(index)) {
      throw SourceLoadException.badFile(data, configured != null ? "tabix index " + configured.getFileName()
          + " not found" : "no tabix index: neither " + tbi.getFileName() + " nor " + csi.getFileName()
          + " exists (make one with: tabix -p gff|bed|vcf " + data.getFileName() + ")");
    }
    try {
      if (Files.getLastModifiedTime(index).compareTo(Files.getLastModifiedTime(data)) < 0) {
        // htslib only warns; answering from a stale index would silently miss or invent features
        throw SourceLoadException.badFile(index, "the index is older than " + data.getFileName()
            + "; re-run tabix");
      }
      return index.getFileName().toString().endsWith(".csi") ? Csi.open(index) : Tbi.open(index);
    } catch (IOException | RuntimeException e) {
      throw SourceLoadException.badFile(index, "not a readable tabix index (" + oneLine(e) + ")");
    }
  }

  Path file() {
    return file;
  }

  /** Reference names in index order (the file's order). */
  List<String> names() {
    return names;
  }

  /** Columns and conventions of the indexed lines. */
  TabixFormat format() {
    return format;
  }

  /** Chunks of the file, in file order, that hold every record overlapping [start, end] (1-based). */
  abstract List<Chunk> chunks(int tid, int start, int end);

  @Override
  public void close() {}

  private static String oneLine(Exception e) {
    String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl);
  }

  /** A {@code .tbi}: read whole into memory by htsjdk, so queries are lock-free. */
  private static final class Tbi extends RegionIndex {
    private final BinningIndexContent[] bins;

    private Tbi(Path file, TabixIndex index) {
      super(file, index.getSequenceNames(), index.getFormatSpec());
      this.bins = index.getIndices();
    }

    static Tbi open(Path file) throws IOException {
      return new Tbi(file, new TabixIndex(file));
    }

    @Override
    List<Chunk> chunks(int tid, int start, int end) {
      BinningIndexContent c = tid < bins.length ? bins[tid] : null;
      if (c == null) {
        return List.of();
      }
      // one base of slack either side: htsjdk's binning API is 1-based for BAM, and a chunk too many only
      // costs a read, while one too few would lose features
      int from = Math.max(1, start - 1);
      List<Chunk> chunks = c.getChunksOverlapping(from, end + 1);
      if (chunks == null || chunks.isEmpty()) {
        return List.of();
      }
      long minOffset = c.getLinearIndex().getMinimumOffset(from);
      return Chunk.optimizeChunkList(chunks, minOffset);
    }
  }

  /** A {@code .csi}: htsjdk reads bins from the file on each query, through one buffer, hence the lock. */
  private static final class Csi extends RegionIndex {
    private final CSIIndex index;

    private Csi(Path file, CSIIndex index, List<String> names, TabixFormat format) {
      super(file, names, format);
      this.index = index;
    }

    static Csi open(Path file) throws IOException {
      CSIIndex index = new CSIIndex(file, null);
      ByteBuffer aux = ByteBuffer.wrap(index.getAuxData()).order(ByteOrder.LITTLE_ENDIAN);
      if (aux.remaining() < 28) {
        throw new IOException("a CSI index without a tabix header (is it a BAM index?)");
      }
      // tabix's CSI auxiliary data: format, col_seq, col_beg, col_end, meta, skip, l_nm, names (htslib tbx.c)
      int flags = aux.getInt();
      int seq = aux.getInt();
      int beg = aux.getInt();
      int end = aux.getInt();
      char meta = (char) aux.getInt();
      int skip = aux.getInt();
      int length = aux.getInt();
      byte[] nameBytes = new byte[Math.min(length, aux.remaining())];
      aux.get(nameBytes);
      List<String> names = new ArrayList<>();
      int from = 0;
      for (int i = 0; i < nameBytes.length; i++) {
        if (nameBytes[i] == 0) {
          names.add(new String(nameBytes, from, i - from, StandardCharsets.UTF_8));
          from = i + 1;
        }
      }
      return new Csi(file, index, names, new TabixFormat(flags, seq, beg, end, meta, skip));
    }

    @Override
    List<Chunk> chunks(int tid, int start, int end) {
      if (tid >= index.getNumberOfReferences()) {
        return List.of();
      }
      synchronized (index) {
        var span = index.getSpanOverlapping(tid, Math.max(1, start - 1), end + 1);
        return span == null ? List.of() : List.copyOf(span.getChunks());
      }
    }

    @Override
    public void close() {
      synchronized (index) {
        index.close();
      }
    }
  }
}
