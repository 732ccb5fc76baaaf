package org.dasgrid.datasources.vcf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dasgrid.core.genotype.GenotypeIndexBuilder;
import org.dasgrid.core.genotype.GenotypeIndexFile;
import org.dasgrid.core.genotype.GenotypeStats;
import org.dasgrid.core.genotype.IndexedReference;
import org.dasgrid.core.genotype.SourceIdentity;

/**
 * Cuts one VCF's index into pieces as its records stream in (issue 30, contract section 10): a new piece starts
 * once the current one holds about {@code pieceCalls} calls that are not 0/0 (an estimate: {@link #counted}), at
 * the next record with another position (or contig), so that no piece comes near a file's limits (its pools
 * address at most 2^29 entries: 1 GiB of inline sets) whatever the VCF's size. The record that reaches the
 * budget ends the piece (a build reading on one thread knows a record's calls only once they are added). A long
 * contig is then held by several pieces, each a run of its positions; the pieces are ordinary index files, each
 * checked against the whole VCF. Not thread-safe: the adding thread of one build uses it.
 */
final class PieceCutter implements ParseAheadReader.Pieces, AutoCloseable {
  /** One piece made: its file, its figures, its references (extents of its own records) and its runs. */
  record Made(Path file, GenotypeStats stats, List<IndexedReference> references, Map<String, int[]> runs) {}

  private final SourceIdentity source;
  private final Path dir;
  private final String prefix;
  private final VcfHeader header;
  private final boolean sampleCalls;
  private final long pieceCalls;
  private final List<Made> made = new ArrayList<>();
  private GenotypeIndexFile.Build build;
  private Path file;
  private Map<String, Integer> extents;
  /** Per contig of the current piece: its first and last position. */
  private Map<String, int[]> runs;
  private long calls;
  private String lastChrom;
  private int lastPos;

  PieceCutter(Path dir, String prefix, VcfHeader header, SourceIdentity source, boolean sampleCalls, long pieceCalls)
      throws IOException {
    this.source = source;
    this.dir = dir;
    this.prefix = prefix;
    this.header = header;
    this.sampleCalls = sampleCalls;
    this.pieceCalls = pieceCalls;
    start();
  }

  private void start() throws IOException {
    file = dir.resolve(made.isEmpty() ? prefix + ".dgi" : prefix + "." + made.size() + ".dgi");
    build = GenotypeIndexFile.build(file, header.samples(), sampleCalls);
    GenotypeIndexBuilder g = build.genotypes();
    g.keepInfo(header.info()); // for the analytics' info.* and csq.* filters
    for (VcfHeader.Contig c : header.contigs()) {
      g.declareContig(c.name());
    }
    extents = new LinkedHashMap<>();
    runs = new LinkedHashMap<>();
    calls = 0;
  }

  @Override
  public boolean next(String chrom, int pos) throws IOException {
    boolean cut = calls > 0 && calls >= pieceCalls && (pos != lastPos || !chrom.equals(lastChrom));
    if (cut) {
      finishPiece();
      start();
    }
    note(chrom, pos);
    return cut;
  }

  /** The record's calls estimated from the weight of those its columns reported ({@link GenotypeColumns#parse}). */
  @Override
  public void counted(int weight) {
    calls += weight / 3 + 1;
  }

  private void note(String chrom, int pos) {
    int[] run = runs.get(chrom);
    if (run == null) {
      runs.put(chrom, new int[] {pos, pos});
    } else {
      run[1] = Math.max(run[1], pos);
    }
    lastChrom = chrom;
    lastPos = pos;
  }

  @Override
  public GenotypeIndexBuilder genotypes() {
    return build.genotypes();
  }

  @Override
  public Map<String, Integer> extents() {
    return extents;
  }

  /** Finishes the last piece; the pieces made, in order. */
  List<Made> finish() throws IOException {
    finishPiece();
    build = null;
    return List.copyOf(made);
  }

  /**
   * The references as a source loaded from the VCF lists them: the header's contigs (declared, with the extent
   * of their records here, 0 for none), then the contigs of records the header does not declare.
   */
  static List<IndexedReference> references(VcfHeader header, Map<String, Integer> extents) {
    List<IndexedReference> references = new ArrayList<>();
    Map<String, Integer> left = new LinkedHashMap<>(extents);
    for (VcfHeader.Contig c : header.contigs()) {
      Integer extent = left.remove(c.name());
      references.add(new IndexedReference(c.name(), true, c.length().orElse(0), extent == null ? 0 : extent));
    }
    left.forEach((name, extent) -> references.add(new IndexedReference(name, false, 0, extent)));
    return references;
  }

  private void finishPiece() throws IOException {
    List<IndexedReference> references = references(header, extents);
    GenotypeStats stats = build.finish(references, source);
    build.close();
    made.add(new Made(file, stats, references, runs));
  }

  /** Unfinished: deletes what was made (an unfinished piece deletes its own partial file). */
  @Override
  public void close() throws IOException {
    if (build != null) {
      build.close();
      for (Made m : made) {
        Files.deleteIfExists(m.file());
      }
    }
  }
}
