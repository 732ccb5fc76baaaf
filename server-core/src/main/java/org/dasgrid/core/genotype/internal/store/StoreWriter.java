package org.dasgrid.core.genotype.internal.store;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.dasgrid.core.genotype.GenotypeStats;
import org.dasgrid.core.genotype.IndexedReference;
import org.dasgrid.core.genotype.InfoField;
import org.dasgrid.core.genotype.SourceIdentity;
import org.dasgrid.core.genotype.dgi.GapColumns;
import org.dasgrid.core.genotype.dgi.IndexFileWriter;
import org.dasgrid.core.genotype.dgi.IndexLayout;
import org.dasgrid.core.genotype.dgi.InfoColumns;
import org.dasgrid.core.genotype.dgi.PoolWriter;
import org.dasgrid.core.genotype.internal.column.ByteColumn;
import org.dasgrid.core.genotype.internal.column.CharColumn;
import org.dasgrid.core.genotype.internal.column.IntColumn;
import org.dasgrid.core.genotype.internal.column.LongColumn;
import org.dasgrid.core.genotype.internal.sets.SampleSets;

/**
 * The store's parts as an index file's sections ({@link IndexFileWriter} knows the layout): the pools' pages
 * pass through, each contig's rows, texts, call gaps, INFO and (with {@code sampleCalls}) its sample-major calls
 * become its sections. Adds up what the in-heap engine of the same cohort would hold, for a streaming build's
 * figures. Not thread-safe.
 */
public final class StoreWriter implements PoolWriter, AutoCloseable {
  private final IndexFileWriter file;
  private final int cohort;
  /** Whether each contig gets its sample-major calls ({@link SampleCallSection}; {@code index --sample-calls}). */
  private final boolean sampleCalls;
  /** Heap the in-heap engine would hold for the parts written so far. */
  private long heapBytes;
  /** Set handles by form of the rows and corrections written: [empty, inline, Roaring, dense]. */
  private final long[] forms = new long[4];

  public StoreWriter(Path out, int cohort, boolean sampleCalls) throws IOException {
    this.file = new IndexFileWriter(out, cohort);
    this.cohort = cohort;
    this.sampleCalls = sampleCalls;
  }

  /**
   * Writes a store built in the heap to {@code out} (first to {@code out.partial}, renamed when complete).
   * Throws for a store holding RoaringBitmap sets ({@code genotypeSets: roaring}), which the format does not
   * hold.
   */
  public static void write(GenotypeStore store, List<IndexedReference> references, SourceIdentity source, Path out,
      boolean sampleCalls) throws IOException {
    SampleSets sets = store.sets();
    if (sets.roaringSets() > 0) {
      throw new IllegalArgumentException(IndexLayout.COMPACT_ONLY);
    }
    try (StoreWriter w = new StoreWriter(out, store.samples().size(), sampleCalls)) {
      CharColumn[] inline = sets.inlinePages();
      for (int p = 0; p < inline.length; p++) {
        w.inlineSetPage(p, inline[p]);
      }
      ByteColumn[] wide = sets.wideInlinePages();
      for (int p = 0; p < wide.length; p++) {
        w.gapSetPage(p, wide[p]);
      }
      LongColumn[] dense = sets.densePages();
      for (int p = 0; p < dense.length; p++) {
        w.denseSetPage(p, dense[p]);
      }
      IntColumn[] patches = sets.patchPages();
      for (int p = 0; p < patches.length; p++) {
        w.patchedSetPage(p, patches[p]);
      }
      IntColumn[] fixes = store.corrections().pages();
      for (int p = 0; p < fixes.length; p++) {
        w.correctionPage(p, fixes[p]);
      }
      List<String> order = new ArrayList<>();
      for (int c = 0; c < store.contigCount(); c++) {
        ContigRows rows = store.contig(c);
        w.contig(rows, store.gaps(c), store.info(c), store.afTexts(c), sets, store.corrections());
        order.add(rows.name);
      }
      w.finish(store.samples().list(), store.infoFields(), store.stats(), order, references, source);
    }
  }

  @Override
  public void inlineSetPage(int p, CharColumn page) throws IOException {
    file.inlineSetPage(p, page);
    heapBytes += 4 + 16 + page.length() * 2L;
  }

  @Override
  public void gapSetPage(int p, ByteColumn page) throws IOException {
    file.gapSetPage(p, page);
    heapBytes += 4 + 16 + page.length();
  }

  @Override
  public void denseSetPage(int p, LongColumn page) throws IOException {
    file.denseSetPage(p, page);
    heapBytes += 4 + 16 + page.length() * 8L;
  }

  @Override
  public void patchedSetPage(int p, IntColumn page) throws IOException {
    file.patchedSetPage(p, page);
    heapBytes += 4 + 16 + page.length() * 4L;
  }

  @Override
  public void correctionPage(int p, IntColumn page) throws IOException {
    file.correctionPage(p, page);
    heapBytes += 4 + 16 + page.length() * 4L;
    Corrections.countForms(page, forms);
  }

  /**
   * A contig's rows, call gaps, INFO and af texts; with {@code sampleCalls}, also its sample-major calls read
   * from {@code sets} and {@code fixes}, the pools its rows point into.
   */
  public void contig(ContigRows rows, CallGaps gaps, InfoStore info, AfTexts af, SampleSets sets, Corrections fixes)
      throws IOException {
    InfoColumns infoColumns = info.isEmpty() ? null
        : info.hasNoText() ? new InfoColumns(info.pool(), null, null)
        : new InfoColumns(info.pool(), info.starts(), info.ends());
    file.contig(rows.name, rows.size, rows.columns(), af.bytes(), new GapColumns(gaps.missingColumn(),
        gaps.nonDiploidColumn(), gaps.altsColumn(), gaps.altIndexColumn()), infoColumns,
        sampleCalls ? SampleCallSection.serialize(rows, sets, fixes) : null);
    heapBytes += rows.heapBytes(cohort) + gaps.heapBytes() + info.heapBytes() + af.heapBytes();
    long[] f = rows.formCounts();
    for (int i = 0; i < forms.length; i++) {
      forms[i] += f[i];
    }
  }

  /** What the in-heap engine would hold for the parts written (pools, rows, texts; not the sample names). */
  public long heapBytes() {
    return heapBytes + 3 * 16L + 16L;
  }

  /** Set handles by form of the rows and corrections written: [empty, inline, Roaring, dense]. */
  public long[] forms() {
    return forms.clone();
  }

  /** Writes the catalog and the header, and gives the file its name (see {@link IndexFileWriter#finish}). */
  public void finish(List<String> samples, Map<String, InfoField> infoFields, GenotypeStats stats,
      List<String> contigOrder, List<IndexedReference> references, SourceIdentity source) throws IOException {
    file.finish(samples, infoFields, stats, contigOrder, references, source);
  }

  @Override
  public void close() throws IOException {
    file.close();
  }
}
