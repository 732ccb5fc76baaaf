package org.dasgrid.datasources.vcf;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dasgrid.core.feature.Interner;
import org.dasgrid.core.genotype.GenotypeIndexBuilder;
import org.dasgrid.core.genotype.GenotypeIndexFile;
import org.dasgrid.core.genotype.GenotypeStats;
import org.dasgrid.core.genotype.IndexedReference;
import org.dasgrid.core.genotype.SourceIdentity;
import org.dasgrid.core.source.LoadMonitor;
import org.dasgrid.core.source.SourceLoadException;
import org.dasgrid.datasources.io.BlockInflater;
import org.dasgrid.datasources.io.ReadAheadInputStream;
import org.dasgrid.datasources.io.TextInput;

/**
 * Builds a genotype index file from a multi-sample VCF (plain, gzip or bgzip), sorted by contig: the records are
 * read as a {@code genotypes: true} source reads them (without making site features; each record's INFO kept
 * for the analytics' filters) and streamed into {@link GenotypeIndexFile#build}, which writes each contig as
 * the next starts, so the heap holds one contig at a time. The VCF's identity is taken before reading, and
 * checked again after: a VCF that changed while it was read gives no index.
 */
public final class VcfGenotypeIndexer {
  private static final int PROGRESS_EVERY = 4096;

  private VcfGenotypeIndexer() {}

  /**
   * What a build made: its figures, the file's size, and the references as the index lists them (those with
   * records have an extent).
   */
  public record Result(GenotypeStats stats, long indexBytes, List<IndexedReference> references) {
    public Result {
      references = List.copyOf(references);
    }
  }

  /** A build that inflates bgzip input with Intel's ISA-L when it loads, else the JDK's zlib, on every core. */
  public static Result build(Path vcf, Path out, LoadMonitor monitor) throws SourceLoadException, IOException {
    return build(vcf, out, monitor, BlockInflater.intelOrJdk().inflater(), defaultThreads(), false);
  }

  /** Inflating threads for bgzip input: one per core (the parsing thread waits on them more than it works). */
  public static int defaultThreads() {
    return Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
  }

  /**
   * Builds {@code out} from {@code vcf}, inflating bgzip input with {@code inflater} on {@code threads} threads
   * while a thread of its own parses the records ahead of this one, which adds them to the index (plain gzip:
   * one stream on one thread). The index is the same bytes as {@link Reading#ONE_THREAD}'s. With {@code
   * sampleCalls} the index also holds each contig's samples' diploid calls sample-major
   * ({@code index --sample-calls}: a cold kinship pair reads them instead of scanning the rows).
   */
  public static Result build(Path vcf, Path out, LoadMonitor monitor, BlockInflater inflater, int threads,
      boolean sampleCalls) throws SourceLoadException, IOException {
    return build(vcf, out, monitor, inflater, threads, Reading.PARALLEL, sampleCalls);
  }

  /** How the records are read. */
  enum Reading {
    /**
     * As up to 2026-11-26: {@link java.util.zip.GZIPInputStream} on a read-ahead thread, one thread parsing and
     * adding the records (the reference for the same bytes).
     */
    ONE_THREAD,
    /** BGZF blocks inflated on a pool, records parsed on one thread and added on another. */
    PARALLEL
  }

  static Result build(Path vcf, Path out, LoadMonitor monitor, BlockInflater inflater, int threads, Reading how,
      boolean sampleCalls) throws SourceLoadException, IOException {
    SourceIdentity before = VcfIdentity.of(vcf);
    List<IndexedReference> references = new ArrayList<>();
    boolean parallel = how == Reading.PARALLEL;
    try (TextInput input = parallel ? TextInput.openParallel(vcf, inflater, threads) : TextInput.open(vcf);
        // plain gzip is decompressed on a thread of its own; bgzip read in parallel is already
        InputStream ahead = input.decodedAhead() ? input.stream()
            : new ReadAheadInputStream(input.stream(), 1 << 20, 4)) {
      ByteLines lines = new ByteLines(ahead);
      VcfHeader header = VcfHeader.read(lines, vcf);
      if (header.samples().isEmpty()) {
        throw SourceLoadException.badFile(vcf, "the VCF has no sample columns: no genotypes to index");
      }
      try (GenotypeIndexFile.Build build = GenotypeIndexFile.build(out, header.samples(), sampleCalls)) {
        GenotypeIndexBuilder genotypes = build.genotypes();
        genotypes.keepInfo(header.info()); // for the analytics' info.* and csq.* filters
        for (VcfHeader.Contig c : header.contigs()) {
          genotypes.declareContig(c.name());
        }
        Map<String, Integer> extents;
        long n;
        try {
          if (parallel) {
            extents = new LinkedHashMap<>();
            n = new ParseAheadReader(header, genotypes, extents).readAll(lines, vcf, input, monitor, PROGRESS_EVERY);
          } else {
            VcfProvider.Records records = new VcfProvider.Records(header, null, genotypes, new Interner());
            n = records.readAll(lines, vcf, input, monitor, PROGRESS_EVERY);
            extents = new LinkedHashMap<>(records.extents());
          }
        } catch (UncheckedIOException e) {
          throw e.getCause(); // writing the index failed
        }
        input.checkComplete(lines.lineNumber());
        monitor.progress(n, input.bytesRead());
        references.addAll(PieceCutter.references(header, extents));
        if (before.difference(VcfIdentity.of(vcf)).isPresent()) {
          throw SourceLoadException.badFile(vcf, "changed while it was read; index not written");
        }
        GenotypeStats stats = build.finish(references, before);
        return new Result(stats, Files.size(out), references);
      }
    }
  }

  /** What {@link #buildPieces} made: the pieces in order, the VCF's identity, how many records. */
  record Pieces(List<PieceCutter.Made> pieces, long records) {}

  /**
   * Builds the index of {@code vcf}'s records in {@code range} (all of them: {@link VcfRanges.Range#WHOLE}) as
   * pieces in {@code dir} named {@code prefix.dgi}, {@code prefix.1.dgi}...: a new piece each time the current one
   * holds about {@code pieceCalls} calls that are not 0/0 (see {@link PieceCutter}); one piece when there are
   * fewer. Read as {@link #build} reads; a range after the first is read from its seek offset, after the header
   * was read from the start (its line numbers count from the range's start: a bad record is reported by the
   * one-thread build that follows a failed range, see {@link GenotypeIndexSet}). {@code direct}: the records are
   * parsed and added on this thread ({@link DirectReader}: for a build whose every core reads a range of its own,
   * the ranges alike), else parsed ahead of it on another ({@link ParseAheadReader}).
   */
  static Pieces buildPieces(Path vcf, Path dir, String prefix, LoadMonitor monitor, BlockInflater inflater,
      int threads, boolean sampleCalls, long pieceCalls, VcfRanges.Range range, boolean direct)
      throws SourceLoadException, IOException {
    SourceIdentity before = VcfIdentity.of(vcf);
    VcfHeader header = null;
    if (range.seek() >= 0) {
      try (TextInput start = TextInput.open(vcf)) {
        header = VcfHeader.read(new ByteLines(start.stream(), 1 << 16), vcf);
      }
    }
    try (TextInput input = range.seek() >= 0 ? TextInput.openParallelAt(vcf, range.seek(), inflater, threads)
            : TextInput.openParallel(vcf, inflater, threads);
        InputStream ahead = input.decodedAhead() ? input.stream()
            : new ReadAheadInputStream(input.stream(), 1 << 20, 4)) {
      ByteLines lines = new ByteLines(ahead);
      if (header == null) {
        header = VcfHeader.read(lines, vcf);
      }
      if (header.samples().isEmpty()) {
        throw SourceLoadException.badFile(vcf, "the VCF has no sample columns: no genotypes to index");
      }
      try (PieceCutter cutter = new PieceCutter(dir, prefix, header, before, sampleCalls, pieceCalls)) {
        long n;
        try {
          VcfRanges.Window window = range.whole() ? null : new VcfRanges.Window(range);
          n = direct ? new DirectReader(header, cutter, window).readAll(lines, vcf, input, monitor, PROGRESS_EVERY)
              : new ParseAheadReader(header, cutter.genotypes(), cutter.extents(), cutter, window)
                  .readAll(lines, vcf, input, monitor, PROGRESS_EVERY);
        } catch (UncheckedIOException e) {
          throw e.getCause(); // writing the index failed
        }
        input.checkComplete(lines.lineNumber());
        monitor.progress(n, input.bytesRead());
        if (before.difference(VcfIdentity.of(vcf)).isPresent()) {
          throw SourceLoadException.badFile(vcf, "changed while it was read; index not written");
        }
        return new Pieces(cutter.finish(), n);
      }
    }
  }
}
