package org.dasgrid.datasources.fasta;

import htsjdk.samtools.reference.IndexedFastaSequenceFile;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.EntryPoint;
import org.dasgrid.core.source.FeaturelessSource;
import org.dasgrid.core.source.SequenceSource;
import org.dasgrid.core.source.SourceStats;

/** A FASTA file served for {@code sequence}; it has references but no features. */
final class FastaSource extends FeaturelessSource implements SequenceSource {
  /** Bases read from the file per call, so a long request is streamed rather than held whole. */
  private static final int CHUNK = 1 << 20;

  private final IndexedFastaSequenceFile fasta;
  private final List<EntryPoint> entryPoints;
  private final Map<String, EntryPoint> byName = new HashMap<>();

  FastaSource(IndexedFastaSequenceFile fasta, List<EntryPoint> entryPoints) {
    this.fasta = fasta;
    this.entryPoints = List.copyOf(entryPoints);
    for (EntryPoint e : entryPoints) {
      byName.put(e.name(), e);
    }
  }

  @Override
  public List<EntryPoint> entryPoints() {
    return entryPoints;
  }

  @Override
  public Optional<EntryPoint> entryPoint(String nameOrAlias) {
    return Optional.ofNullable(byName.get(nameOrAlias));
  }

  @Override
  public SourceStats stats() {
    return new SourceStats(entryPoints.size(), 0, -1);
  }

  @Override
  public int sequenceLength(String ref) {
    EntryPoint e = byName.get(ref);
    return e == null ? -1 : e.length();
  }

  @Override
  public void sequence(Segment segment, Appendable out) throws IOException {
    for (long from = segment.start(); from <= segment.stop(); from += CHUNK) {
      long to = Math.min(segment.stop(), from + CHUNK - 1);
      byte[] bases;
      // htsjdk's reader keeps a file position: one reader, one request at a time
      synchronized (fasta) {
        bases = fasta.getSubsequenceAt(segment.ref(), from, to).getBases();
      }
      out.append(new AsciiSequence(bases));
    }
  }

  /** Bytes of ASCII bases seen as characters, without copying them into a String. */
  private record AsciiSequence(byte[] bases) implements CharSequence {
    @Override
    public int length() {
      return bases.length;
    }

    @Override
    public char charAt(int index) {
      return (char) bases[index];
    }

    @Override
    public CharSequence subSequence(int start, int end) {
      return new String(bases, start, end - start, java.nio.charset.StandardCharsets.US_ASCII);
    }

    @Override
    public String toString() {
      return new String(bases, java.nio.charset.StandardCharsets.US_ASCII);
    }
  }
}
