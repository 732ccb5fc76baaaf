package org.dasgrid.datasources.export;

import htsjdk.samtools.util.BlockCompressedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.dasgrid.core.render.FeaturesGff3Writer;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.EntryPoint;
import org.dasgrid.core.source.FeatureFilter;

/**
 * Any source's features as bgzipped GFF3, sorted as tabix needs (references in the source's order, features by
 * start): the same lines as {@code features?format=gff3} gives, so GFF2 and GTF sources come out as GFF3 with
 * their ID and Parent structure. Every {@code ##sequence-region} is in the header, before the first record,
 * because tabix takes {@code #} lines only there as meta lines.
 */
final class Gff3Export {
  private Gff3Export() {}

  static void write(DataSource data, Path gz, Path tbi) throws IOException {
    try (BlockCompressedOutputStream out = new BlockCompressedOutputStream(gz, 6, BlockCompressedOutputStream.getDefaultDeflaterFactory())) {
      StringBuilder header = new StringBuilder("##gff-version 3\n");
      for (EntryPoint ep : data.entryPoints()) {
        header.append("##sequence-region ").append(ep.name()).append(" 1 ").append(ep.length()).append('\n');
      }
      out.write(header.toString().getBytes(StandardCharsets.UTF_8));
      FeaturesGff3Writer lines = new FeaturesGff3Writer(unclosable(out));
      for (EntryPoint ep : data.entryPoints()) {
        data.features(new Segment(ep.name(), 1, ep.length()), FeatureFilter.ANY, f -> {
          try {
            lines.feature(f);
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        });
      }
      lines.end();
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    TabixIndexer.index(gz, TabixIndexer.Columns.GFF, tbi);
  }

  /** The writer flushes into the stream and never closes it; this keeps it so. */
  static OutputStream unclosable(OutputStream out) {
    return new java.io.FilterOutputStream(out) {
      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
      }

      @Override
      public void close() throws IOException {
        out.flush();
      }
    };
  }
}
