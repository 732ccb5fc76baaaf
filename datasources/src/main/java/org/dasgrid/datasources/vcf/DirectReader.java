package org.dasgrid.datasources.vcf;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.dasgrid.core.genotype.GenotypeIndexBuilder;
import org.dasgrid.core.source.LoadMonitor;
import org.dasgrid.core.source.SourceLoadException;
import org.dasgrid.datasources.io.TextInput;

/**
 * The read loop of an index build on one thread: each record is parsed and its calls go straight to the {@link
 * GenotypeIndexBuilder}, with no batch in between. Used where every core already reads a range of its own and
 * the ranges are alike in size ({@link GenotypeIndexSet#oneThreadEach}): there a second thread per range only
 * hands the calls over (three ints a call, written then read back), which cost more CPU than it saved
 * (docs/bench-log/2026-12-02-build3.md). The builder sees the same calls in the same order as through {@link
 * ParseAheadReader}, and the pieces are cut at the same records, so the index is the same bytes.
 */
final class DirectReader {
  private final VcfHeader header;
  private final ParseAheadReader.Pieces pieces;
  private final VcfRanges.Window window;

  /**
   * @param window the range of the VCF to read (null: every record)
   */
  DirectReader(VcfHeader header, ParseAheadReader.Pieces pieces, VcfRanges.Window window) {
    this.header = header;
    this.pieces = pieces;
    this.window = window;
  }

  /**
   * Adds every record of {@code lines} in {@link #window} (a bad one fails with {@code file}:line), reporting
   * progress every {@code progressEvery} records; returns how many were read.
   */
  long readAll(ByteLines lines, Path file, TextInput input, LoadMonitor monitor, int progressEvery)
      throws SourceLoadException, IOException {
    VcfLine r = new VcfLine();
    GenotypeColumns columns = new GenotypeColumns(header.samples());
    int samples = header.samples().size();
    GenotypeIndexBuilder genotypes = pieces.genotypes(); // the current piece's, as are the extents
    Map<String, Integer> extents = pieces.extents();
    BuilderSink sink = new BuilderSink(genotypes);
    RecordLines records = new RecordLines(lines, window);
    long n = 0;
    while (true) {
      try {
        if (!records.next()) {
          break;
        }
        boolean toLineEnd = records.parseFixed(r, samples);
        byte[] b = records.buffer();
        int limit = records.limit();
        int to = records.end(); // -1 when toLineEnd: found after the last sample column
        if (pieces.next(r.chrom, r.pos)) {
          genotypes = pieces.genotypes();
          extents = pieces.extents();
          sink.to(genotypes);
        }
        extents.merge(r.chrom, r.end, Math::max);
        genotypes.startSite(r.chrom, r.pos, r.end, r.id, r.ref, r.alts);
        if (genotypes.keepsInfo()) {
          genotypes.siteInfo(b, r.infoStart, r.infoEnd);
        }
        int calls; // their weight (GenotypeColumns#parse)
        if (toLineEnd) {
          long before = columns.weight();
          records.endAt(columns.parseToLineEnd(b, r.samplesStart, limit, samples, r.alts.size(), sink));
          calls = (int) (columns.weight() - before);
        } else if (r.hasGenotypes) {
          calls = columns.parse(b, r.samplesStart, to, samples, r.alts.size(), sink);
        } else if (r.samplesStart < to) {
          for (int s = 0; s < samples; s++) { // FORMAT without GT: the samples have no calls
            genotypes.diploid(s, GenotypeIndexBuilder.MISSING, GenotypeIndexBuilder.MISSING);
          }
          calls = 1; // as a parsed batch weighs it (one entry)
        } else {
          throw new VcfFormatException("record without sample columns in a VCF with " + samples + " samples");
        }
        genotypes.endSite();
        pieces.counted(calls);
      } catch (VcfFormatException | IllegalArgumentException e) {
        throw SourceLoadException.badRecord(file, records.lineNumber(), e.getMessage());
      }
      if (++n % progressEvery == 0) {
        monitor.progress(n, input.bytesRead());
      }
    }
    records.finish();
    return n;
  }
}
