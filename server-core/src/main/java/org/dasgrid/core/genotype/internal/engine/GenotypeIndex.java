package org.dasgrid.core.genotype.internal.engine;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.dasgrid.core.genotype.AlleleCarriers;
import org.dasgrid.core.genotype.AnalyticsAnswer;
import org.dasgrid.core.genotype.AnalyticsQuery;
import org.dasgrid.core.genotype.CallReader;
import org.dasgrid.core.genotype.CountAnswer;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.GenotypeQuery;
import org.dasgrid.core.genotype.GenotypeStats;
import org.dasgrid.core.genotype.InfoField;
import org.dasgrid.core.genotype.KeyedRows;
import org.dasgrid.core.genotype.SampleAnswer;
import org.dasgrid.core.genotype.SampleCallBits;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.VariantAnswer;
import org.dasgrid.core.genotype.internal.sets.SampleSets;
import org.dasgrid.core.genotype.internal.store.ContigRows;
import org.dasgrid.core.genotype.internal.store.CsqLayout;
import org.dasgrid.core.genotype.internal.store.GenotypeStore;
import org.dasgrid.core.genotype.internal.store.IndexRowCalls;
import org.dasgrid.core.genotype.internal.store.RowCounts;
import org.dasgrid.core.segment.Segment;

/**
 * The genotype engine: the queries of {@link GenotypeQueries} and the call reading of {@link CallReader} over a
 * {@link GenotypeStore} (in the heap or mapped from an index, the same code for both). A query's segments become
 * per-contig {@link Plan}s, which {@link RowQueries} scans and counts; sample-major calls come through the {@link
 * CallBitsCache}, rows by key through a {@link RowLookup} built on first use, and analytics queries go to the
 * {@link Analysts} plugged in when the engine was made. This class is the facade: it names samples and contigs,
 * checks selections and hands each question to the part that answers it. Immutable but for its caches; safe to
 * query from many threads at once.
 */
public final class GenotypeIndex implements GenotypeQueries, CallReader {
  private final GenotypeStore store;
  private final SampleSets sets;
  private final RowCounts counts;
  private final Map<String, Integer> sampleNumbers;
  private final Map<String, Integer> contigNumbers;
  private final List<String> contigNames;
  private final SampleSelection everyone;
  private final CallBitsCache callBits;
  private final RowQueries scans;
  private final Analysts analysts;
  /** The rows by ID and coordinates, built on first use (a scorer's): see {@link #keyedRows}. */
  private volatile RowLookup rowLookup;
  private final Object rowLookupLock = new Object();

  public GenotypeIndex(GenotypeStore store, Analysts analysts) {
    this.store = store;
    this.sets = store.sets();
    this.counts = new RowCounts(store.sets(), store.corrections());
    this.analysts = analysts;
    List<String> samples = store.samples().list();
    Map<String, Integer> numbers = new HashMap<>(samples.size() * 2);
    for (int i = 0; i < samples.size(); i++) {
      numbers.put(samples.get(i), i);
    }
    this.sampleNumbers = numbers;
    Map<String, Integer> cn = new HashMap<>();
    String[] names = new String[store.contigCount()];
    for (int i = 0; i < names.length; i++) {
      names[i] = store.contig(i).name;
      cn.put(names[i], i);
    }
    this.contigNumbers = cn;
    this.contigNames = List.of(names);
    this.everyone = SampleSelection.all(samples.size());
    this.callBits = new CallBitsCache(store);
    this.scans = new RowQueries(store, counts, this::plans);
  }

  /** What the engine holds (for the analytics, and to write it to an index file). */
  public GenotypeStore store() {
    return store;
  }

  /** How rows are counted over chosen samples. */
  public RowCounts rowCounts() {
    return counts;
  }

  @Override
  public List<String> sampleNames() {
    return store.samples().list();
  }

  @Override
  public OptionalInt sampleNumber(String name) {
    Integer n = sampleNumbers.get(name);
    return n == null ? OptionalInt.empty() : OptionalInt.of(n);
  }

  @Override
  public SampleSelection allSamples() {
    return everyone;
  }

  @Override
  public SampleSelection select(int... sampleNumbersChosen) {
    return SampleSelection.of(everyone.cohortSize(), sampleNumbersChosen);
  }

  @Override
  public List<String> contigs() {
    return contigNames;
  }

  @Override
  public GenotypeStats stats() {
    return store.stats();
  }

  @Override
  public VariantAnswer variants(GenotypeQuery query) {
    return scans.variants(query, checked(query.samples()));
  }

  @Override
  public SampleAnswer carriers(GenotypeQuery query) {
    return scans.carriers(query, checked(query.samples()));
  }

  @Override
  public CountAnswer count(GenotypeQuery query) {
    return scans.count(query, checked(query.samples()));
  }

  @Override
  public Optional<AlleleCarriers> alleleCarriers(String chrom, int pos, String ref, String alt) {
    Integer contig = contigNumbers.get(chrom);
    if (contig == null) {
      return Optional.empty();
    }
    ContigRows c = store.contig(contig);
    AlleleCarriers[] found = new AlleleCarriers[1];
    c.scan(new int[] {pos}, new int[] {pos}, 1, r -> {
      if (c.pos(r) == pos) {
        String[] t = c.text(r);
        if (t[1].equals(ref) && t[2].equals(alt)) {
          found[0] = new AlleleCarriers(sets.members(c.hetSet(r)), sets.members(c.homSet(r)));
          return false;
        }
      }
      return true;
    });
    return Optional.ofNullable(found[0]);
  }

  @Override
  public void forEachRow(List<Segment> segments, CallReader.Visitor visitor) {
    IndexRowCalls cursor = new IndexRowCalls(sets, store.corrections());
    for (Plan p : plans(segments)) {
      ContigRows c = store.contig(p.contig());
      if (!c.scan(p.starts(), p.stops(), p.ranges(), r -> visitor.visit(cursor.at(c, r)))) {
        return;
      }
    }
  }

  @Override
  public Optional<List<SampleCallBits>> diploidCalls(List<Segment> segments, int[] samples) {
    return callBits.diploidCalls(segments, plans(segments), samples, this);
  }

  /**
   * Built on the first call (about 0.1 s a million rows) rather than at load, so that sources never scored
   * neither wait for it nor hold its 8 bytes a row; this engine is immutable, so it stays valid until the
   * source is reloaded into a new engine.
   */
  @Override
  public Optional<KeyedRows> keyedRows() {
    RowLookup l = rowLookup;
    if (l == null) {
      synchronized (rowLookupLock) {
        l = rowLookup;
        if (l == null) {
          l = new RowLookup(store.contigs(), contigNumbers, sets, store.corrections());
          rowLookup = l;
        }
      }
    }
    return Optional.of(l);
  }

  private SampleSelection checked(SampleSelection sel) {
    if (sel.cohortSize() != everyone.cohortSize()) {
      throw new IllegalArgumentException("sample selection of another cohort");
    }
    return sel;
  }

  @Override
  public AnalyticsAnswer analyse(AnalyticsQuery query) {
    checked(query.base().samples());
    return analysts.over(this).run(query);
  }

  @Override
  public CountAnswer count(AnalyticsQuery query) {
    checked(query.base().samples());
    return analysts.over(this).count(query);
  }

  @Override
  public Map<String, InfoField> infoFields() {
    return store.infoFields();
  }

  @Override
  public Optional<String> annotationSource() {
    return store.csqLayout().map(CsqLayout::key);
  }

  /** The number of the contig with this name, or -1. */
  public int contigNumber(String name) {
    Integer n = contigNumbers.get(name);
    return n == null ? -1 : n;
  }

  /** Whether its index file holds sample-major calls ({@code index --sample-calls}) that it reads. */
  public boolean hasSampleCalls() {
    return store.callSections() != null;
  }

  /** The query's segments as per-contig plans, in contig order. */
  public List<Plan> plans(List<Segment> segments) {
    return Plan.of(segments, contigNumbers);
  }

  /** An answer of the rows in {@code rows}, their counts over the whole cohort when {@code wholeCohort}. */
  public VariantAnswer answer(boolean wholeCohort, RowBuffer rows) {
    return new IndexVariantAnswer(store, wholeCohort, rows);
  }
}
