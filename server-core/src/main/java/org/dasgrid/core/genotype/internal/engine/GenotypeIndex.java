package org.dasgrid.core.genotype.internal.engine;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.ArrayList;
import java.util.Arrays;
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
import org.dasgrid.core.genotype.GenotypeIndexBuilder;
import org.dasgrid.core.genotype.GenotypeIndexFile;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.GenotypeQuery;
import org.dasgrid.core.genotype.GenotypeStats;
import org.dasgrid.core.genotype.InfoField;
import org.dasgrid.core.genotype.KeyedRows;
import org.dasgrid.core.genotype.SampleAnswer;
import org.dasgrid.core.genotype.SampleCallBits;
import org.dasgrid.core.genotype.SampleNames;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.VariantAnswer;
import org.dasgrid.core.genotype.VariantRow;
import org.dasgrid.core.genotype.Zygosity;
import org.dasgrid.core.genotype.internal.analytics.CohortAnalytics;
import org.dasgrid.core.genotype.internal.build.SiteCalls;
import org.dasgrid.core.genotype.internal.column.IntList;
import org.dasgrid.core.genotype.internal.sets.SampleSets;
import org.dasgrid.core.genotype.internal.store.AfTexts;
import org.dasgrid.core.genotype.internal.store.CallGaps;
import org.dasgrid.core.genotype.internal.store.CohortStats;
import org.dasgrid.core.genotype.internal.store.ContigRows;
import org.dasgrid.core.genotype.internal.store.Corrections;
import org.dasgrid.core.genotype.internal.store.CsqLayout;
import org.dasgrid.core.genotype.internal.store.IndexRowCalls;
import org.dasgrid.core.genotype.internal.store.InfoStore;
import org.dasgrid.core.genotype.internal.store.SampleCallSection;
import org.dasgrid.core.segment.Segment;

/**
 * The in-memory genotype engine: per contig, rows of ALT alleles in primitive arrays ({@link ContigRows}),
 * their het/hom sample sets in one {@link SampleSets} store, and a pool of AC/AN corrections (groups of
 * samples whose allele count differs from the site default: missing, partial, haploid, polyploid calls).
 *
 * <p>Answers for the whole cohort read the sets' sizes; a virtual cohort is intersected with each set. See
 * {@link SiteCalls} for how calls become sets and corrections.
 */
public final class GenotypeIndex implements GenotypeQueries, CallReader {
  /** The cohort, also encoded once for the samples answers. */
  private final SampleNames samples;
  private final Map<String, Integer> sampleNumbers;
  private final List<ContigRows> contigs;
  private final Map<String, Integer> contigNumbers;
  private final List<String> contigNames;
  private final SampleSets sets;
  private final Corrections fixes;
  private final SampleSelection everyone;
  /** Per contig, its rows' whole-cohort af texts. */
  private final List<AfTexts> afTexts;
  /** Every row's whole-cohort HWE p and F, made with the engine. */
  private final CohortStats cohortStats;
  private final GenotypeStats stats;
  private final GenotypeIndexBuilder.Counts counts;
  /** Per contig, what the statistics need beyond the rows (read only by {@link CohortAnalytics}). */
  private final List<CallGaps> gaps;
  /** Per contig, the records' INFO text ({@link InfoStore#NONE} when not kept). */
  private final List<InfoStore> info;
  private final Map<String, InfoField> infoFields;
  private final Optional<CsqLayout> csq;
  /** The rows by ID and coordinates, built on first use (a scorer's): see {@link #keyedRows}. */
  private volatile RowLookup rowLookup;
  private final Object rowLookupLock = new Object();
  /**
   * Samples' diploid-call bits ({@link #diploidCalls}) by the segments they cover, bounded by bytes: a sample
   * asked again (a kinship pair, a panel compared with new samples) costs no scan of the rows. Per sample
   * three bits a row (about 0.4 MB at a million rows).
   */
  private final Cache<CallBitsKey, SampleCallBits> callBits = Caffeine.newBuilder()
      .maximumWeight(CALL_BITS_BYTES)
      .weigher((CallBitsKey k, SampleCallBits v) -> (int) Math.min(Integer.MAX_VALUE, v.bytes()))
      .build();
  /** The heap {@link #callBits} may hold; a request needing more than half of it is read row by row instead. */
  public static final long CALL_BITS_BYTES = 192L << 20;

  private record CallBitsKey(List<Segment> segments, int sample) {}

  /**
   * Per contig, its samples' calls sample-major as the index file holds them ({@code index --sample-calls}),
   * null for a contig without; null when no contig has them. Read instead of a scan (a cold pair of the 1 M
   * family cohort: ~2 ms in-process instead of ~50), and still cached: the bits of 100 samples are ~37 MB of
   * fresh arrays whose allocation and young collections made a warm all-pairs request of 100 samples 1.8×
   * slower uncached (437 vs 241 ms, docs/bench-log/2026-11-26-king-5.md).
   */
  private final List<SampleCallSection> callSections;

  /** An engine just built from a VCF, with the parts the analytics read. */
  public GenotypeIndex(List<String> samples, List<ContigRows> contigs, SampleSets sets, Corrections fixes,
      GenotypeIndexBuilder.Counts counts, List<CallGaps> gaps, List<InfoStore> info,
      Map<String, InfoField> infoFields) {
    this(samples, contigs, sets, fixes, null, counts, null, gaps, info, infoFields, null);
  }

  /**
   * Every part given; {@code afTexts} and {@code stats} null to compute them. An engine mapped from an index
   * file ({@link GenotypeIndexFile}) gives them, with its mapped columns, and its contigs' sample-major calls
   * when it has them ({@code callSections}: null, or per contig its section or null).
   */
  public GenotypeIndex(List<String> samples, List<ContigRows> contigs, SampleSets sets, Corrections fixes,
      List<AfTexts> afTexts, GenotypeIndexBuilder.Counts counts, GenotypeStats stats, List<CallGaps> gaps,
      List<InfoStore> info, Map<String, InfoField> infoFields, List<SampleCallSection> callSections) {
    this.callSections = callSections == null || callSections.stream().allMatch(java.util.Objects::isNull) ? null
        : java.util.Collections.unmodifiableList(new ArrayList<>(callSections));
    this.gaps = List.copyOf(gaps);
    this.info = List.copyOf(info);
    this.infoFields = Map.copyOf(infoFields);
    this.csq = CsqLayout.of(infoFields);
    this.samples = SampleNames.of(samples);
    Map<String, Integer> numbers = new HashMap<>(samples.size() * 2);
    for (int i = 0; i < samples.size(); i++) {
      numbers.put(samples.get(i), i);
    }
    this.sampleNumbers = numbers;
    this.contigs = List.copyOf(contigs);
    Map<String, Integer> cn = new HashMap<>();
    List<String> names = new ArrayList<>();
    for (int i = 0; i < contigs.size(); i++) {
      cn.put(contigs.get(i).name, i);
      names.add(contigs.get(i).name);
    }
    this.contigNumbers = cn;
    this.contigNames = List.copyOf(names);
    this.sets = sets;
    this.fixes = fixes;
    this.everyone = SampleSelection.all(samples.size());
    this.afTexts = afTexts == null ? cohortAfTexts() : List.copyOf(afTexts);
    // made at load for an engine built in the heap (40 bytes a row beside its own ~100+); an engine mapped from
    // an index (afTexts given) keeps its heap flat whatever the cohort's size (issue 17: 10 M rows would hold
    // ~400 MB of statistics on the heap and lengthen every GC pause), so its whole-cohort statistics are made
    // per query, as a virtual cohort's are
    this.cohortStats = afTexts == null ? CohortStats.compute(this.contigs, this.gaps, sets, fixes, everyone) : null;
    this.counts = counts;
    this.stats = stats != null ? stats : computeStats(counts);
  }

  /** The af text of every row's whole-cohort AC/AN, counted as whole-cohort answers count them. */
  private List<AfTexts> cohortAfTexts() {
    List<AfTexts> texts = new ArrayList<>(contigs.size());
    for (ContigRows c : contigs) {
      texts.add(cohortAfTexts(c, sets, fixes, everyone));
    }
    return List.copyOf(texts);
  }

  /** One contig's af texts (also made by a streaming index build, contig by contig). */
  public static AfTexts cohortAfTexts(ContigRows c, SampleSets sets, Corrections fixes, SampleSelection everyone) {
    AfTexts.Builder b = new AfTexts.Builder(c.size);
    CountsSink sink = (contig, r, het, hom, ac, an) -> b.set(r, ac, an);
    for (int r = 0; r < c.size; r++) {
      add(c, 0, r, everyone, sets, fixes, sink);
    }
    return b.build();
  }

  /** Every row's whole-cohort HWE p and F; null for an engine mapped from an index (made per query there). */
  public CohortStats cohortStats() {
    return cohortStats;
  }

  /** A row's counts over the chosen samples, as a matched row's (for statistics made at load). */
  public static void countRow(ContigRows c, int r, SampleSelection sel, SampleSets sets, Corrections fixes,
      CountsSink out) {
    add(c, 0, r, sel, sets, fixes, out);
  }

  /** The whole-cohort af texts of a contig's rows (see {@link AfTexts#copyText}). */
  public AfTexts afTexts(int contig) {
    return afTexts.get(contig);
  }

  private GenotypeStats computeStats(GenotypeIndexBuilder.Counts counts) {
    long heap = sets.heapBytes() + fixes.heapBytes() + samples.heapBytes();
    for (CallGaps g : gaps) {
      heap += g.heapBytes();
    }
    for (InfoStore i : info) {
      heap += i.heapBytes();
    }
    for (AfTexts t : afTexts) {
      heap += t.heapBytes();
    }
    heap += cohortStats.heapBytes();
    long[] forms = new long[4];
    for (ContigRows c : contigs) {
      heap += c.heapBytes(samples.size());
      add(forms, c.formCounts());
    }
    fixes.countForms(forms);
    return new GenotypeStats(samples.size(), counts.sites(), counts.variants(), counts.nonRefCalls(), heap,
        forms[1], forms[2], forms[3]);
  }

  private static void add(long[] into, long[] more) {
    for (int i = 0; i < into.length; i++) {
      into[i] += more[i];
    }
  }

  @Override
  public List<String> sampleNames() {
    return samples.list();
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
    return SampleSelection.of(samples.size(), sampleNumbersChosen);
  }

  @Override
  public List<String> contigs() {
    return contigNames;
  }

  @Override
  public GenotypeStats stats() {
    return stats;
  }

  @Override
  public VariantAnswer variants(GenotypeQuery query) {
    SampleSelection sel = checked(query.samples());
    Zygosity z = query.zygosity();
    int limit = query.limitOrMax();
    Collector out = new Collector();
    if (limit == 0) {
      return out.answer(this, sel.isAll());
    }
    for (Plan p : plan(query.segments())) {
      ContigRows c = contigs.get(p.contig);
      boolean more = c.scan(p.starts, p.stops, p.ranges, new ContigRows.RowVisitor() {
        @Override
        public boolean visit(int r) {
          if (matches(c, r, z, sel)) {
            add(c, p.contig, r, sel, out);
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
              add(c, p.contig, (w << 6) + Long.numberOfTrailingZeros(bits), sel, out);
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
    return out.answer(this, sel.isAll());
  }

  @Override
  public SampleAnswer carriers(GenotypeQuery query) {
    SampleSelection sel = checked(query.samples());
    Tally tally = tally(query.segments(), sel);
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
    return SampleAnswer.of(samples, chosen.size(), chosen.raw(), het.raw(), hom.raw());
  }

  @Override
  public CountAnswer count(GenotypeQuery query) {
    SampleSelection sel = checked(query.samples());
    Zygosity z = query.zygosity();
    long[] totals = new long[3];
    for (Plan p : plan(query.segments())) {
      ContigRows c = contigs.get(p.contig);
      c.scan(p.starts, p.stops, p.ranges, r -> {
        if (matches(c, r, z, sel)) {
          long counts = sel.isAll() ? c.cohortCounts(r) : ContigRows.NO_COUNTS;
          totals[0]++;
          totals[1] += counts != ContigRows.NO_COUNTS ? ContigRows.het(counts) : sets.andCardinality(c.hetSet(r), sel);
          totals[2] += counts != ContigRows.NO_COUNTS ? ContigRows.hom(counts) : sets.andCardinality(c.homSet(r), sel);
        }
        return true;
      });
    }
    Tally tally = tally(query.segments(), sel);
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
    ContigRows c = contigs.get(contig);
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
    IndexRowCalls cursor = new IndexRowCalls(sets, fixes);
    for (Plan p : plan(segments)) {
      ContigRows c = contigs.get(p.contig);
      if (!c.scan(p.starts, p.stops, p.ranges, r -> visitor.visit(cursor.at(c, r)))) {
        return;
      }
    }
  }

  @Override
  public Optional<List<SampleCallBits>> diploidCalls(List<Segment> segments, int[] samples) {
    List<Plan> plans = plan(segments);
    DiploidCallScan scan = new DiploidCallScan(contigs, sets, fixes);
    long perSample = 3 * 8 * ((scan.rowBound(plans) + 63) >>> 6);
    if (perSample * samples.length > CALL_BITS_BYTES / 2) {
      return Optional.empty();
    }
    List<Segment> key = List.copyOf(segments);
    SampleCallBits[] out = new SampleCallBits[samples.length];
    IntList missing = new IntList();
    for (int i = 0; i < samples.length; i++) {
      out[i] = callBits.getIfPresent(new CallBitsKey(key, samples[i]));
      if (out[i] == null) {
        missing.add(samples[i]);
      }
    }
    if (missing.size() > 0) {
      int[] todo = missing.toArray();
      SampleCallBits[] made = callSections != null && SampleCallSection.covers(contigs, callSections, plans)
          ? SampleCallSection.read(contigs, callSections, plans, todo) : scan.scan(plans, todo, select(todo));
      for (int m = 0; m < todo.length; m++) {
        callBits.put(new CallBitsKey(key, todo[m]), made[m]);
        for (int i = 0; i < samples.length; i++) {
          if (samples[i] == todo[m]) {
            out[i] = made[m];
          }
        }
      }
    }
    return Optional.of(List.of(out));
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
          l = new RowLookup(contigs, contigNumbers, sets, fixes);
          rowLookup = l;
        }
      }
    }
    return Optional.of(l);
  }

  private SampleSelection checked(SampleSelection sel) {
    if (sel.cohortSize() != samples.size()) {
      throw new IllegalArgumentException("sample selection of another cohort");
    }
    return sel;
  }

  @Override
  public AnalyticsAnswer analyse(AnalyticsQuery query) {
    checked(query.base().samples());
    return new CohortAnalytics(this).run(query);
  }

  @Override
  public CountAnswer count(AnalyticsQuery query) {
    checked(query.base().samples());
    return new CohortAnalytics(this).count(query);
  }

  @Override
  public Map<String, InfoField> infoFields() {
    return infoFields;
  }

  @Override
  public Optional<String> annotationSource() {
    return csq.map(CsqLayout::key);
  }

  public Optional<CsqLayout> csqLayout() {
    return csq;
  }

  public InfoStore info(int contig) {
    return info.get(contig);
  }

  public CallGaps gaps(int contig) {
    return gaps.get(contig);
  }

  public SampleSets sets() {
    return sets;
  }

  public int contigNumber(String name) {
    Integer n = contigNumbers.get(name);
    return n == null ? -1 : n;
  }

  /** Row {@code r}'s het, hom, AC and AN over the chosen samples, into {@code out}. */
  public void counts(ContigRows c, int contig, int r, SampleSelection sel, CountsSink out) {
    add(c, contig, r, sel, out);
  }

  /** Whether a chosen sample has the zygosity asked for at row {@code r}. */
  public boolean carried(ContigRows c, int r, Zygosity z, SampleSelection sel) {
    return matches(c, r, z, sel);
  }

  /**
   * Row {@code r}'s het and hom-alt counts among a subset of the samples into {@link CarrierCounts} when a chosen
   * sample has the zygosity asked for (as {@link #carried}), else false. A subset's carried test and its counts
   * intersect the same het and hom sets with the chosen samples: a kept row's counts then reuse these
   * ({@link #counts(ContigRows, int, int, SampleSelection, int, CarrierCounts, CountsSink)}) instead of
   * intersecting each set a second time. A set the answer does not need (the hom set of a row whose het set
   * already fails a het-only question) is not intersected.
   */
  public boolean carriedCounts(ContigRows c, int r, Zygosity z, SampleSelection sel, CarrierCounts into) {
    if (z.includesHet() && !z.includesHom()) {
      into.het = sets.andCardinality(c.hetSet(r), sel);
      if (into.het == 0) {
        return false;
      }
      into.hom = sets.andCardinality(c.homSet(r), sel);
      return true;
    }
    into.hom = sets.andCardinality(c.homSet(r), sel);
    if (!z.includesHet() && into.hom == 0) {
      return false;
    }
    into.het = sets.andCardinality(c.hetSet(r), sel);
    return into.hom > 0 || z.includesHet() && into.het > 0;
  }

  /**
   * As {@link #counts(ContigRows, int, int, SampleSelection, CountsSink)} for a row whose het and hom counts
   * among the chosen samples {@link #carriedCounts} made; the AN corrections' missing-call count, when the row
   * has missing calls (the corrections' first group is then its missing set {@code missingSet}), goes to {@code
   * into.missing} (else -1), so the statistics need not intersect that set again.
   */
  public void counts(ContigRows c, int contig, int r, SampleSelection sel, int missingSet, CarrierCounts into,
      CountsSink out) {
    int ploidy = c.ploidy(r);
    int ac = into.het + ploidy * into.hom + fixes.sum(c.acFix(r), sel, sets);
    into.missing = -1;
    int an = ploidy * sel.size() + fixes.sum(c.anFix(r), sel, sets, missingSet, into);
    out.add(contig, r, into.het, into.hom, ac, an);
  }

  /** A row's counts among a subset, made once per row ({@link #carriedCounts}); reused row after row. */
  public static final class CarrierCounts {
    int het;
    int hom;
    /** The row's missing calls among the chosen samples, or -1 when not counted. */
    public int missing = -1;
  }

  /** The query's segments as per-contig plans, in contig order. */
  public List<Plan> plans(List<Segment> segments) {
    return plan(segments);
  }

  /** Adds a matched row with its counts over the chosen samples. */
  private void add(ContigRows c, int contig, int r, SampleSelection sel, CountsSink out) {
    add(c, contig, r, sel, sets, fixes, out);
  }

  private static void add(ContigRows c, int contig, int r, SampleSelection sel, SampleSets sets, Corrections fixes,
      CountsSink out) {
    if (sel.isAll()) {
      long counts = c.cohortCounts(r);
      if (counts != ContigRows.NO_COUNTS) {
        int het = ContigRows.het(counts);
        int hom = ContigRows.hom(counts);
        int ploidy = c.ploidy(r);
        out.add(contig, r, het, hom, het + ploidy * hom + ContigRows.acDelta(counts),
            ploidy * sel.size() + ContigRows.anDelta(counts));
        return;
      }
    }
    int het = sets.andCardinality(c.hetSet(r), sel);
    int hom = sets.andCardinality(c.homSet(r), sel);
    int ploidy = c.ploidy(r);
    int ac = het + ploidy * hom + fixes.sum(c.acFix(r), sel, sets);
    int an = ploidy * sel.size() + fixes.sum(c.anFix(r), sel, sets);
    out.add(contig, r, het, hom, ac, an);
  }

  /** Whether a chosen sample has the zygosity asked for at row {@code r}. */
  private boolean matches(ContigRows c, int r, Zygosity z, SampleSelection sel) {
    return z.includesHet() && sets.intersects(c.hetSet(r), sel) || z.includesHom() && sets.intersects(c.homSet(r), sel);
  }

  /** Per-sample het and hom counts over every row in the segments (chosen samples only are meaningful). */
  private Tally tally(List<Segment> segments, SampleSelection sel) {
    Tally t = new Tally(samples.size());
    boolean few = !sel.isAll() && sel.size() * 16L < samples.size();
    for (Plan p : plan(segments)) {
      ContigRows c = contigs.get(p.contig);
      c.scan(p.starts, p.stops, p.ranges, new ContigRows.RowVisitor() {
        @Override
        public boolean visit(int r) {
          if (few) {
            addChosen(c.hetSet(r), sel, t.het);
            addChosen(c.homSet(r), sel, t.hom);
          } else {
            sets.addTo(c.hetSet(r), t.het);
            sets.addTo(c.homSet(r), t.hom);
          }
          return true;
        }

        @Override
        public boolean visitRun(int from, int to) {
          if (few) {
            return ContigRows.RowVisitor.super.visitRun(from, to);
          }
          c.tally(from, to, sets, t.het, t.hom);
          return true;
        }
      });
    }
    return t;
  }

  /** For a small virtual cohort: probe each chosen sample rather than walking the whole set. */
  private void addChosen(int set, SampleSelection sel, int[] counts) {
    if (set == SampleSets.EMPTY) {
      return;
    }
    for (int s : sel.members()) {
      if (sets.contains(set, s)) {
        counts[s]++;
      }
    }
  }

  /** Whether its index file holds sample-major calls ({@code index --sample-calls}) that it reads. */
  public boolean hasSampleCalls() {
    return callSections != null;
  }

  /** The parts an index file holds (see {@link GenotypeIndexFile}). */

  public Corrections corrections() {
    return fixes;
  }

  public GenotypeIndexBuilder.Counts counts() {
    return counts;
  }

  public int contigCount() {
    return contigs.size();
  }

  public ContigRows contigRows(int contig) {
    return contigs.get(contig);
  }

  public VariantRow row(int contig, int r, int het, int hom, int ac, int an) {
    ContigRows c = contigs.get(contig);
    String[] t = c.text(r);
    Optional<String> id = t[0].equals(".") ? Optional.empty() : Optional.of(t[0]);
    return new VariantRow(c.name, c.pos(r), t[1], t[2], id, het, hom, ac, an);
  }

  /** The ranges of a query on one contig, merged, sorted and disjoint. */
  public record Plan(int contig, int[] starts, int[] stops, int ranges) {}

  private List<Plan> plan(List<Segment> segments) {
    Map<Integer, List<Segment>> byContig = new java.util.TreeMap<>();
    for (Segment s : segments) {
      Integer c = contigNumbers.get(s.ref());
      if (c != null) {
        byContig.computeIfAbsent(c, k -> new ArrayList<>()).add(s);
      }
    }
    List<Plan> plans = new ArrayList<>(byContig.size());
    for (Map.Entry<Integer, List<Segment>> e : byContig.entrySet()) {
      List<Segment> list = e.getValue();
      list.sort((a, b) -> Integer.compare(a.start(), b.start()));
      int[] starts = new int[list.size()];
      int[] stops = new int[list.size()];
      int n = 0;
      for (Segment s : list) {
        if (n > 0 && s.start() <= stops[n - 1] + 1L) {
          stops[n - 1] = Math.max(stops[n - 1], s.stop());
        } else {
          starts[n] = s.start();
          stops[n] = s.stop();
          n++;
        }
      }
      plans.add(new Plan(e.getKey(), starts, stops, n));
    }
    return plans;
  }

  private static final class Tally {
    final int[] het;
    final int[] hom;

    Tally(int n) {
      het = new int[n];
      hom = new int[n];
    }
  }

  /** Where {@link #add} puts a matched row and its counts. */
  @FunctionalInterface
  public interface CountsSink {
    void add(int contig, int r, int het, int hom, int ac, int an);
  }

  /** Growing arrays of matched rows and their counts. */
  private static final class Collector implements CountsSink {
    int size;
    int[] contig = new int[16];
    int[] row = new int[16];
    int[] het = new int[16];
    int[] hom = new int[16];
    int[] ac = new int[16];
    int[] an = new int[16];

    @Override
    public void add(int c, int r, int h, int o, int a, int n) {
      if (size == row.length) {
        resize(IntList.grow(size));
      }
      contig[size] = c;
      row[size] = r;
      het[size] = h;
      hom[size] = o;
      ac[size] = a;
      an[size] = n;
      size++;
    }

    /** Makes room for {@code more} rows beyond those held. */
    void ensureRoom(int more) {
      if (more > row.length - size) {
        resize(size + more);
      }
    }

    private void resize(int len) {
      contig = Arrays.copyOf(contig, len);
      row = Arrays.copyOf(row, len);
      het = Arrays.copyOf(het, len);
      hom = Arrays.copyOf(hom, len);
      ac = Arrays.copyOf(ac, len);
      an = Arrays.copyOf(an, len);
    }

    VariantAnswer answer(GenotypeIndex index, boolean wholeCohort) {
      return new IndexVariantAnswer(index, wholeCohort, size, contig, row, het, hom, ac, an);
    }
  }
}
