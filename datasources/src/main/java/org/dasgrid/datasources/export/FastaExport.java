package org.dasgrid.datasources.export;

import htsjdk.samtools.reference.FastaReferenceWriter;
import htsjdk.samtools.reference.FastaReferenceWriterBuilder;
import htsjdk.samtools.util.GZIIndex;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.EntryPoint;
import org.dasgrid.core.source.SequenceSource;

/**
 * A source's reference sequences as bgzipped FASTA with its {@code .fai} and {@code .gzi} (what igv.js' and
 * JBrowse's indexed-FASTA readers take), written by htsjdk's {@link FastaReferenceWriter} and {@link GZIIndex}; the bases come from
 * the source's {@link SequenceSource}, a megabase at a time, so no whole chromosome is held as text.
 */
final class FastaExport {
  private static final int CHUNK = 1 << 20;

  private FastaExport() {}

  static void write(DataSource data, SequenceSource seq, Path gz, Path fai, Path gzi) throws IOException {
    try (FastaReferenceWriter w = new FastaReferenceWriterBuilder().setFastaFile(gz).setIndexFile(fai)
        .setGziIndexFile(gzi).setMakeFaiOutput(true).setMakeGziOutput(true).setMakeDictOutput(false)
        .setBasesPerLine(60).build()) {
      StringBuilder chunk = new StringBuilder(CHUNK);
      for (EntryPoint ep : data.entryPoints()) {
        int length = seq.sequenceLength(ep.name());
        if (length < 1) {
          continue;
        }
        w.startSequence(ep.name());
        for (int start = 1; start <= length; start += CHUNK) {
          chunk.setLength(0);
          seq.sequence(new Segment(ep.name(), start, Math.min(length, start + CHUNK - 1)), chunk);
          w.appendBases(chunk.toString().getBytes(StandardCharsets.US_ASCII));
        }
      }
    }
    // the .gzi made again from the finished file: the one the FASTA writer makes on the fly lists the first
    // block, which samtools' format (and htsjdk's own reader) leave out
    java.nio.file.Files.delete(gzi);
    GZIIndex.createIndex(gz, false).writeIndex(gzi);
  }

  /** Whether the source has any sequence to export. */
  static boolean hasSequence(DataSource data) {
    return data.capability(SequenceSource.class)
        .map(seq -> data.entryPoints().stream().anyMatch(ep -> seq.sequenceLength(ep.name()) > 0)).orElse(false);
  }
}
