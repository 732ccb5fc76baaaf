package org.dasgrid.datasources.export;

import htsjdk.samtools.util.BlockCompressedInputStream;
import htsjdk.tribble.SimpleFeature;
import htsjdk.tribble.index.Index;
import htsjdk.tribble.index.tabix.TabixFormat;
import htsjdk.tribble.index.tabix.TabixIndexCreator;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

/**
 * Makes the {@code .tbi} of a bgzipped, sorted text file the way {@code tabix -p gff|bed|vcf} does: reads it
 * back line by line through htsjdk's BGZF reader, taking each record's virtual offset, and feeds htsjdk's
 * {@link TabixIndexCreator}. One pass after writing, so the writers need not track offsets themselves.
 */
final class TabixIndexer {
  /** Which columns hold a record's reference, start and end. */
  enum Columns {
    GFF(TabixFormat.GFF),
    BED(TabixFormat.BED),
    VCF(TabixFormat.VCF);

    final TabixFormat format;

    Columns(TabixFormat format) {
      this.format = format;
    }
  }

  private TabixIndexer() {}

  /** Indexes {@code bgzipped} into {@code tbi}; fails naming the line if the records are not sorted. */
  static void index(Path bgzipped, Columns columns, Path tbi) throws IOException {
    TabixIndexCreator creator = new TabixIndexCreator(columns.format);
    Set<String> finished = new HashSet<>();
    String ref = null;
    int lastStart = 0;
    long lineNo = 0;
    try (BlockCompressedInputStream in = new BlockCompressedInputStream(bgzipped.toFile())) {
      while (true) {
        long pointer = in.getFilePointer();
        String line = in.readLine();
        if (line == null) {
          Index index = creator.finalizeIndex(pointer);
          index.write(tbi);
          return;
        }
        lineNo++;
        if (line.isEmpty() || line.charAt(0) == '#') {
          continue;
        }
        SimpleFeature f = record(line, columns, bgzipped, lineNo);
        if (!f.getContig().equals(ref)) {
          if (ref != null) {
            finished.add(ref);
          }
          if (finished.contains(f.getContig())) {
            throw new IllegalStateException(bgzipped + ":" + lineNo + ": reference " + f.getContig()
                + " appears again after others: not sorted for tabix");
          }
          ref = f.getContig();
          lastStart = 0;
        }
        if (f.getStart() < lastStart) {
          throw new IllegalStateException(bgzipped + ":" + lineNo + ": start " + f.getStart()
              + " after " + lastStart + ": not sorted for tabix");
        }
        lastStart = f.getStart();
        creator.addFeature(f, pointer);
      }
    }
  }

  /** A record's reference and 1-based closed interval, as tabix reads it. */
  static SimpleFeature record(String line, Columns columns, Path file, long lineNo) {
    String[] c = line.split("\t", columns == Columns.VCF ? 9 : 6);
    try {
      return switch (columns) {
        case GFF -> new SimpleFeature(c[0], Integer.parseInt(c[3]), Integer.parseInt(c[4]));
        case BED -> new SimpleFeature(c[0], Integer.parseInt(c[1]) + 1, Math.max(Integer.parseInt(c[1]) + 1,
            Integer.parseInt(c[2])));
        case VCF -> {
          int pos = Integer.parseInt(c[1]);
          yield new SimpleFeature(c[0], pos, VcfEnd.of(pos, c[3], c[7]));
        }
      };
    } catch (RuntimeException e) {
      throw new IllegalStateException(file + ":" + lineNo + ": not a " + columns + " record: " + e.getMessage(), e);
    }
  }
}
