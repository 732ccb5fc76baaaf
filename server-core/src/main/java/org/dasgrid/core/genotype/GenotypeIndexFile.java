package org.dasgrid.core.genotype;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import org.dasgrid.core.genotype.dgi.IndexContents;
import org.dasgrid.core.genotype.dgi.IndexFileReader;
import org.dasgrid.core.genotype.dgi.IndexLayout;
import org.dasgrid.core.genotype.internal.build.StoreBuilder;
import org.dasgrid.core.genotype.internal.engine.GenotypeIndex;
import org.dasgrid.core.genotype.internal.store.GenotypeStore;
import org.dasgrid.core.genotype.internal.store.StoreWriter;

/**
 * The persistent, memory-mapped form of a genotype engine ({@code .dgi}, laid out as {@link IndexLayout} says):
 * the engine's own arrays and pools, written once ({@link #build} streams a VCF's contigs in; {@link #write}
 * writes a built engine) and served by {@link #open} straight from the mapped file (the OS page cache holds them;
 * the heap holds only the cohort's names and one small object per column). Queries and analytics run the same
 * code over the mapped columns as over the heap arrays, so the answers are the same bytes.
 */
public final class GenotypeIndexFile {
  private GenotypeIndexFile() {}

  /**
   * What {@link #open} gives: the engine, the references as the VCF source lists them, the VCF's identity, and
   * the cohort's names (for the next piece of the same source to share).
   */
  public record Opened(GenotypeQueries genotypes, List<IndexedReference> references, SourceIdentity source,
      long fileBytes, SampleNames sampleNames) {}

  /**
   * Writes {@code engine} (built by {@link GenotypeIndexBuilder}) to {@code out}: first to {@code out.partial},
   * renamed to {@code out} when complete. Throws for an engine holding RoaringBitmap sets ({@code
   * genotypeSets: roaring}), which the format does not hold. A build that need not
   * hold the engine first streams instead ({@link #build}).
   */
  public static void write(GenotypeQueries engine, List<IndexedReference> references, SourceIdentity source,
      Path out) throws IOException {
    write(engine, references, source, out, false);
  }

  /** As {@link #write(GenotypeQueries, List, SourceIdentity, Path)}; {@code sampleCalls} adds the sample-major calls. */
  public static void write(GenotypeQueries engine, List<IndexedReference> references, SourceIdentity source,
      Path out, boolean sampleCalls) throws IOException {
    if (!(engine instanceof GenotypeIndex index)) {
      throw new IllegalArgumentException("not an engine built by GenotypeIndexBuilder");
    }
    StoreWriter.write(index.store(), references, source, out, sampleCalls);
  }

  /**
   * Starts a streaming build of {@code out}: feed {@link Build#genotypes} as a loader feeds an in-heap engine
   * (contig after contig: a VCF sorted by contig), then {@link Build#finish}. Each contig is written, and its
   * rows and sample sets let go, as soon as the next one starts, so the heap holds one contig's rows at a
   * time. Closing an unfinished build deletes its {@code .partial} file.
   */
  public static Build build(Path out, List<String> sampleNames) throws IOException {
    return new Build(out, sampleNames, false);
  }

  /**
   * As {@link #build(Path, List)}; with {@code sampleCalls}, each contig also gets its samples' diploid calls
   * sample-major (optional sections a reader without them ignores), which a cold kinship request then reads
   * instead of scanning every row's sets.
   */
  public static Build build(Path out, List<String> sampleNames, boolean sampleCalls) throws IOException {
    return new Build(out, sampleNames, sampleCalls);
  }

  /** A streaming build of one index file (see {@link #build}). Not thread-safe. */
  public static final class Build implements AutoCloseable {
    private final StoreWriter writer;
    private final StoreBuilder store;
    private final GenotypeIndexBuilder genotypes;

    private Build(Path out, List<String> sampleNames, boolean sampleCalls) throws IOException {
      this.writer = new StoreWriter(out, sampleNames.size(), sampleCalls);
      this.store = new StoreBuilder(sampleNames, writer);
      this.genotypes = new GenotypeIndexBuilder(store);
    }

    /** Where the sites and calls go, in contig order. */
    public GenotypeIndexBuilder genotypes() {
      return genotypes;
    }

    /** Writes the last contig, the pools' last pages and the catalog, and gives the file its name. */
    public GenotypeStats finish(List<IndexedReference> references, SourceIdentity source) throws IOException {
      return store.finishFile(references, source);
    }

    @Override
    public void close() throws IOException {
      writer.close();
    }
  }

  /**
   * Maps {@code file} and checks it: header, length (truncation), format version, every checksum of the
   * sections it will read (the pools, and the selected contigs' columns), and — unless {@code actual} is
   * null — that the VCF it was built from is still {@code actual}. Contigs {@code contigs} rejects keep their
   * place in the order with no rows (a cluster node serving some contigs maps only theirs).
   */
  public static Opened open(Path file, Predicate<String> contigs, SourceIdentity actual)
      throws BadIndexException, IOException {
    return open(file, contigs, actual, null);
  }

  /** As above, sharing {@code known} (another piece's names, or null) when the file's cohort is the same. */
  public static Opened open(Path file, Predicate<String> contigs, SourceIdentity actual, SampleNames known)
      throws BadIndexException, IOException {
    return opened(IndexFileReader.open(file, contigs, actual), known);
  }

  private static Opened opened(IndexContents contents, SampleNames known) {
    GenotypeStore store = GenotypeStore.mapped(contents, known);
    return new Opened(Engines.over(store), contents.references(), contents.source(), contents.fileBytes(),
        store.samples());
  }

  /** The checksums {@link #openDeferred} left for later: run them before serving a byte of the engine. */
  public interface DeferredCheck {
    /** Checks every section not checked at open; fails naming the file and the section. */
    void run() throws BadIndexException, IOException;

    /** Bytes the check reads. */
    long bytes();
  }

  /** An engine opened with its sections' checks deferred, and those checks. */
  public record OpenedUnchecked(Opened opened, DeferredCheck check) {}

  /**
   * As {@link #open}, checking at once only the header, the length, the version, the catalog, the pools' page
   * tables and the VCF's identity (reading the catalog, whatever the file's size); the sections' checksums are
   * left to the returned check, which must pass before the engine answers (issue 30: open in seconds).
   */
  public static OpenedUnchecked openDeferred(Path file, Predicate<String> contigs, SourceIdentity actual)
      throws BadIndexException, IOException {
    return openDeferred(file, contigs, actual, null);
  }

  /** As above, sharing {@code known} (another piece's names, or null) when the file's cohort is the same. */
  public static OpenedUnchecked openDeferred(Path file, Predicate<String> contigs, SourceIdentity actual,
      SampleNames known) throws BadIndexException, IOException {
    IndexFileReader.Deferred d = IndexFileReader.openDeferred(file, contigs, actual);
    Opened opened = opened(d.contents(), known);
    IndexFileReader.DeferredChecks checks = d.checks();
    return new OpenedUnchecked(opened, new DeferredCheck() {
      @Override
      public void run() throws BadIndexException, IOException {
        checks.run();
      }

      @Override
      public long bytes() {
        return checks.bytes();
      }
    });
  }
}
