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
import org.dasgrid.core.genotype.Zygosity;
import org.dasgrid.core.genotype.internal.column.IntList;
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
 * per-contig {@link Plan}s; each contig's rows are scanned ({@link ContigRows#scan}) and counted over the chosen
 * samples ({@link RowCounts}): the whole cohort reads the rows' precomputed counts and skips the rows nobody
 * carries 64 at a time, a virtual cohort intersects each row's sets with its samples. Analytics queries go to the
 * {@link Analysts} plugged in when the engine was made. Immutable but for its caches; safe to query from many
 * threads at once.
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
    SampleSelection sel = checked(query.samples());
    Zygosity z = query.zygosity();
    int limit = query.limitOrMax();
    RowBuffer out = new RowBuffer();
    if (limit == 0) {
      return new IndexVariantAnswer(store, sel.isAll(), out);
    }
    for (Plan p : plans(query.segments())) {
      ContigRows c = store.contig(p.contig());
      boolean more = c.scan(p.starts(), p.stops(), p.ranges(), new ContigRows.RowVisitor() {
        @Override
        public boolean visit(int r) {
          if (counts.carried(c, r, z, sel)) {
            counts.add(c, p.contig(), r, sel, out);
          }
          return out.size < limit;
        }

        @Override
        public boolean visitRun(int from, int to) {
          // the common case in one loop: whole cohort, most rows rejected on their set handles alone
          if (!sel.isAll()) {
            return ContigRows.RowVisitor.super.visitRun(from, to);
          }
          boolean het = z.includesHet();
          boolean hom = z.includesHom();
          // sized once: a long answer's arrays are not grown and copied a dozen times
          out.ensureRoom((int) Math.min((long) limit - out.size, c.countCarried(from, to, het, hom)));
          // word by word, each read once (a mapped word is a bounds-checked buffer read, not an array load)
          int first = from >>> 6;
          int last = (to - 1) >>> 6;
          for (int w = first; w <= last; w++) {
            long bits = c.carriedWord(w, het, hom);
            if (w == first) {
              bits &= -1L << from;
            }
            if (w == last) {
              bits &= -1L >>> (63 - ((to - 1) & 63));
            }
            for (; bits != 0; bits &= bits - 1) {
              counts.add(c, p.contig(), (w << 6) + Long.numberOfTrailingZeros(bits), sel, out);
              if (out.size >= limit) {
                return false;
              }
            }
          }
          return true;
        }
      });
      if (!more) {
        break;
      }
    }
    return new IndexVariantAnswer(store, sel.isAll(), out);
  }

  @Override
  public SampleAnswer carriers(GenotypeQuery query) {
    SampleSelection sel = checked(query.samples());
    CarrierTally tally = CarrierTally.of(store, plans(query.segments()), sel);
    int limit = query.limitOrMax();
    Zygosity z = query.zygosity();
    IntList chosen = new IntList();
    IntList het = new IntList();
    IntList hom = new IntList();
    for (int s : sel.members()) {
      if (chosen.size() >= limit) {
        break;
      }
      if (z.includesHet() && tally.het[s] > 0 || z.includesHom() && tally.hom[s] > 0) {
        chosen.add(s);
        het.add(tally.het[s]);
        hom.add(tally.hom[s]);
      }
    }
    return SampleAnswer.of(store.samples(), chosen.size(), chosen.raw(), het.raw(), hom.raw());
  }

  @Override
  public CountAnswer count(GenotypeQuery query) {
    SampleSelection sel = checked(query.samples());
    Zygosity z = query.zygosity();
    long[] totals = new long[3];
    List<Plan> plans = plans(query.segments());
    for (Plan p : plans) {
      ContigRows c = store.contig(p.contig());
      c.scan(p.starts(), p.stops(), p.ranges(), r -> {
        if (counts.carried(c, r, z, sel)) {
          long packed = sel.isAll() ? c.cohortCounts(r) : ContigRows.NO_COUNTS;
          totals[0]++;
          totals[1] += packed != ContigRows.NO_COUNTS ? ContigRows.het(packed) : sets.andCardinality(c.hetSet(r), sel);
          totals[2] += packed != ContigRows.NO_COUNTS ? ContigRows.hom(packed) : sets.andCardinality(c.homSet(r), sel);
        }
        return true;
      });
    }
    CarrierTally tally = CarrierTally.of(store, plans, sel);
    long carriers = 0;
    for (int s : sel.members()) {
      if (z.includesHet() && tally.het[s] > 0 || z.includesHom() && tally.hom[s] > 0) {
        carriers++;
      }
    }
    return new CountAnswer(totals[0], totals[1], totals[2], carriers);
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
