package org.dasgrid.core.genotype.internal.analytics;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;
import java.util.PriorityQueue;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.feature.VariantClass;
import org.dasgrid.core.genotype.AnalyticsAnswer;
import org.dasgrid.core.genotype.AnalyticsQuery;
import org.dasgrid.core.genotype.CaseControl;
import org.dasgrid.core.genotype.CountAnswer;
import org.dasgrid.core.genotype.GenotypeQuery;
import org.dasgrid.core.genotype.RowKey;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.TopN;
import org.dasgrid.core.genotype.VariantFilter;
import org.dasgrid.core.genotype.Zygosity;
import org.dasgrid.core.genotype.internal.engine.Analysts;
import org.dasgrid.core.genotype.internal.engine.GenotypeIndex;
import org.dasgrid.core.genotype.internal.engine.IndexVariantAnswer;
import org.dasgrid.core.genotype.internal.engine.Plan;
import org.dasgrid.core.genotype.internal.store.GenotypeMemo;
import org.dasgrid.core.genotype.internal.store.GenotypeStore;
import org.dasgrid.core.genotype.internal.store.RowCounts;
import org.dasgrid.core.genotype.stats.Inbreeding;
import org.dasgrid.core.genotype.internal.sets.SampleSets;
import org.dasgrid.core.genotype.internal.store.CallGaps;
import org.dasgrid.core.genotype.internal.store.CohortStats;
import org.dasgrid.core.genotype.internal.store.ContigRows;
import org.dasgrid.core.genotype.internal.store.DiploidCounts;
import org.dasgrid.core.genotype.internal.store.InfoStore;
import org.dasgrid.core.genotype.stats.AlleleAssociation;
import org.dasgrid.core.genotype.stats.HardyWeinberg;

/**
 * Runs one {@link AnalyticsQuery} on a {@link GenotypeIndex}: scans the rows of the segments as the variants
 * query does (same zygosity rule), drops the rows the filter refuses, and computes only what was asked for,
 * per kept row, through the engine's counts and sample sets (no per-sample loop but over the rare non-diploid
 * calls). A top-N keeps its best N in a bounded heap instead of every row's statistics. One per query.
 */
public final class CohortAnalytics implements Analysts.Analyst {
  private final GenotypeIndex index;
  private final GenotypeStore store;
  private final RowCounts rowCounts;
  private final SampleSets sets;
  private final HardyWeinberg hwe = new HardyWeinberg();
  /** HWE p and F by genotype counts: rare variants share a few count triples (one het, the rest hom-ref). */
  private final GenotypeMemo memo = new GenotypeMemo();
  private final DiploidCounts diploidCounts = new DiploidCounts();
  /** Every row's whole-cohort HWE p and F, made with an in-heap engine (a whole-cohort answer reads them); null from an index. */
  private final CohortStats cohort;
  /** What {@link #kept} answers for a kept row without annotation tests (compared by identity). */
  private static final java.util.List<String[]> NO_NOTES = java.util.Collections.unmodifiableList(
      new java.util.ArrayList<>());
  /** The counts of the row in hand, from {@link GenotypeIndex#counts}. */
  private int het;
  private int hom;
  private int ac;
  private int an;
  /** The diploid genotype counts of the row in hand, from {@link #diploid}. */
  private int hetD;
  private int homRefD;
  private int homAltD;
  private int missingD;
  private final RowCounts.Sink sink = (contig, r, h, o, a, n) -> {
    het = h;
    hom = o;
    ac = a;
    an = n;
  };

  /** The subset counts of the row in hand ({@link GenotypeIndex#carriedCounts}); missing -1 when not counted. */
  private final RowCounts.CarrierCounts carrierCounts = new RowCounts.CarrierCounts();

  /**
   * Whether a subset's carried test and counts share their intersections, and the statistics the AN
   * corrections' missing-call count (off only to test that path against intersecting each set per use).
   */
  private final boolean fuseCounts;

  /**
   * Whether a case/control split of the chosen samples counts one group per row and takes the other as the row's
   * counts less it (off only to test that path against counting both).
   */
  private final boolean subtractSplit;

  public CohortAnalytics(GenotypeIndex index) {
    this(index, true, true);
  }

  public CohortAnalytics(GenotypeIndex index, boolean subtractSplit) {
    this(index, subtractSplit, true);
  }

  public CohortAnalytics(GenotypeIndex index, boolean subtractSplit, boolean fuseCounts) {
    this.index = index;
    this.store = index.store();
    this.rowCounts = index.rowCounts();
    this.sets = store.sets();
    this.cohort = store.cohortStats();
    this.subtractSplit = subtractSplit;
    this.fuseCounts = fuseCounts;
  }

  @Override
  public AnalyticsAnswer run(AnalyticsQuery q) {
    GenotypeQuery base = q.base();
    if (isPlainFirstPage(q)) {
      return firstPage(base);
    }
    SampleSelection sel = base.samples();
    Zygosity z = base.zygosity();
    VariantFilter filter = q.filter();
    boolean stats = q.withStats();
    CaseControl cc = q.caseControl().orElse(null);
    // controls = the rest of the chosen samples (the default): count the smaller group, subtract for the other
    SampleSelection oneGroup = cc == null || !subtractSplit || !cc.splits(sel) ? null
        : cc.cases().size() <= cc.controls().size() ? cc.cases() : cc.controls();
    TopN top = q.top().orElse(null);
    // one row more than the page, to know whether another page follows
    long want = top != null ? Long.MAX_VALUE : base.limitOrMax() + 1L;
    Rows out = new Rows(stats, cc != null);
    out.annotated = !filter.csq().isEmpty();
    PriorityQueue<Rows.Ranked> heap = top == null ? null : new PriorityQueue<>(Rows.Ranked.WORST_FIRST);
    InfoTests infoTests = infoTests(filter);
    int afterContig = -1;
    int firstRow = 0;
    int pastKey = 0;
    int[] skipEqual = {0};
    if (q.after().isPresent()) {
      RowKey key = q.after().get();
      afterContig = index.contigNumber(key.contig());
      if (afterContig < 0) {
        throw RequestException.badArgument("cursor: the source has no contig '%s' any more; start again",
            key.contig());
      }
      ContigRows kc = store.contig(afterContig);
      firstRow = firstAtOrAfter(kc, key);
      pastKey = firstAfter(kc, key, firstRow);
      // the key's row and the answer's rows equal to it before it (duplicate records) were on earlier pages
      skipEqual[0] = key.ordinal() + 1;
    }
    if (want == 1 || top != null && top.n() == 0) {
      return out.answer(index, sel.isAll(), Optional.empty());
    }
    for (Plan p : index.plans(filter.bracket().narrow(base.segments()))) {
      if (p.contig() < afterContig) {
        continue;
      }
      ContigRows c = store.contig(p.contig());
      CallGaps gaps = store.gaps(p.contig());
      InfoStore info = store.info(p.contig());
      // null for a contig without INFO text: an info/csq test then keeps none of its rows
      InfoStore.Reader infoText = info.isEmpty() ? null : info.new Reader();
      int skipBelow = p.contig() == afterContig ? firstRow : 0;
      int equalBelow = p.contig() == afterContig ? pastKey : 0;
      int contig = p.contig();
      boolean more = c.scan(p.starts(), p.stops(), p.ranges(), r -> {
        if (r < skipBelow) {
          return true;
        }
        java.util.List<String[]> notes = kept(c, contig, gaps, infoText, r, filter, infoTests, z, sel);
        if (notes == null) {
          return true;
        }
        if (r < equalBelow && skipEqual[0] > 0) {
          skipEqual[0]--;
          return true;
        }
        boolean counted = false;
        if (heap != null && top.by() == TopN.By.HWE_P && sel.isAll() && cohort != null) {
          // the whole cohort's p was made with the engine: a row that cannot enter costs one comparison
          double cohortP = cohort.hweP(contig, r);
          if (Double.isNaN(cohortP) || heap.size() == top.n() && ranksAfter(cohortP, contig, r, heap.peek())) {
            return true;
          }
        } else if (heap != null && top.by() == TopN.By.HWE_P) {
          diploid(c, gaps, r, sel, het, hom);
          counted = true;
          if (hetD + homRefD + homAltD == 0) {
            // no complete diploid call (chrY, chrM, a male-only chrX site): no HWE p, so never ranked
            return true;
          }
          // a full top-N by HWE p: a row whose p is surely above the worst kept cannot enter; skip its exact test
          if (heap.size() == top.n() && hwe.surelyAbove(hetD, homRefD, homAltD, heap.peek().p())) {
            return true;
          }
        }
        out.add(contig, r, het, hom, ac, an);
        out.annotations[out.size - 1] = notes == NO_NOTES ? null : notes;
        if (stats) {
          stats(c, gaps, contig, r, sel, out, counted);
        }
        if (cc != null) {
          if (oneGroup != null) {
            split(c, contig, r, oneGroup == cc.cases(), oneGroup, out);
          } else {
            caseControl(c, contig, r, cc, out);
          }
        }
        if (heap != null) {
          rank(top, out, heap);
        }
        return out.size < want;
      });
      if (!more) {
        break;
      }
    }
    if (heap != null) {
      return out.ranked(heap, index, sel.isAll());
    }
    Optional<RowKey> next = Optional.empty();
    if (out.size == want) {
      out.size--; // the probe row: it starts the next page
      next = Optional.of(key(out, q.after()));
    }
    return out.answer(index, sel.isAll(), next);
  }

  /**
   * The totals of the rows {@link #run} would list without a limit or cursor (a filtered {@code count}): how
   * many, their het and hom-alt calls among the chosen samples, and the chosen samples that have the zygosity
   * asked for at one or more of them.
   */
  @Override
  public CountAnswer count(AnalyticsQuery q) {
    GenotypeQuery base = q.base();
    VariantFilter filter = q.filter();
    if (filter.keepsAll()) {
      return index.count(base);
    }
    SampleSelection sel = base.samples();
    Zygosity z = base.zygosity();
    InfoTests infoTests = infoTests(filter);
    long[] totals = new long[3];
    int[] hetBy = new int[sel.cohortSize()];
    int[] homBy = new int[sel.cohortSize()];
    // a small virtual cohort: probe its members rather than walk each row's whole carrier sets
    boolean few = !sel.isAll() && sel.size() * 16L < sel.cohortSize();
    for (Plan p : index.plans(filter.bracket().narrow(base.segments()))) {
      ContigRows c = store.contig(p.contig());
      CallGaps gaps = store.gaps(p.contig());
      InfoStore info = store.info(p.contig());
      InfoStore.Reader infoText = info.isEmpty() ? null : info.new Reader();
      int contig = p.contig();
      c.scan(p.starts(), p.stops(), p.ranges(), r -> {
        if (kept(c, contig, gaps, infoText, r, filter, infoTests, z, sel) != null) {
          totals[0]++;
          totals[1] += het;
          totals[2] += hom;
          mark(c.hetSet(r), sel, few, hetBy);
          mark(c.homSet(r), sel, few, homBy);
        }
        return true;
      });
    }
    long carriers = 0;
    for (int s : sel.members()) {
      if (z.includesHet() && hetBy[s] > 0 || z.includesHom() && homBy[s] > 0) {
        carriers++;
      }
    }
    return new CountAnswer(totals[0], totals[1], totals[2], carriers);
  }

  /** Counts the members of a set (the chosen ones at least) into {@code by}. */
  private void mark(int set, SampleSelection sel, boolean few, int[] by) {
    if (set == SampleSets.EMPTY) {
      return;
    }
    if (!few) {
      sets.addTo(set, by);
      return;
    }
    for (int s : sel.members()) {
      if (sets.contains(set, s)) {
        by[s]++;
      }
    }
  }

  private InfoTests infoTests(VariantFilter filter) {
    if (!filter.csq().isEmpty() && store.csqLayout().isEmpty()) {
      throw RequestException.badArgument("csq: the source's header declares no VEP CSQ or SnpEff ANN layout");
    }
    return filter.info().isEmpty() && filter.csq().isEmpty() ? null
        : new InfoTests(index.infoFields(), store.csqLayout().orElse(null));
  }

  /**
   * Whether row {@code r} is carried with the zygosity asked for and passes every test of the filter: null when
   * not; else {@link #NO_NOTES}, or the annotation entries that passed the {@code csq.*} tests. A kept row's
   * counts over the chosen samples are then in {@link #het}, {@link #hom}, {@link #ac}, {@link #an}.
   */
  private java.util.List<String[]> kept(ContigRows c, int contig, CallGaps gaps, InfoStore.Reader info, int r,
      VariantFilter filter, InfoTests infoTests, Zygosity z, SampleSelection sel) {
    if (!filter.bracket().keeps(c.pos(r), c.end(r))) {
      return null;
    }
    // a subset: the carried test's intersections are the counts' (each set intersected once per row)
    boolean subset = !sel.isAll() && fuseCounts;
    if (subset ? !rowCounts.carriedCounts(c, r, z, sel, carrierCounts) : !rowCounts.carried(c, r, z, sel)) {
      return null;
    }
    carrierCounts.missing = -1;
    if (!keepsText(filter, c, gaps, r)) {
      return null;
    }
    java.util.List<String[]> notes = NO_NOTES;
    if (infoTests != null) {
      if (info == null) {
        return null;
      }
      info.at(r);
      if (!infoTests.keeps(filter.info(), info.bytes(), info.from(), info.to(), gaps.altIndex(r))) {
        return null;
      }
      if (!filter.csq().isEmpty()) {
        String[] t = c.text(r);
        notes = infoTests.annotations(filter.csq(), info.bytes(), info.from(), info.to(), t[1], t[2],
            gaps.alts(r), gaps.altIndex(r));
        if (notes.isEmpty()) {
          return null;
        }
      }
    }
    if (subset) {
      rowCounts.add(c, contig, r, sel, gaps.missing(r), carrierCounts, sink);
    } else {
      rowCounts.add(c, contig, r, sel, sink);
    }
    return filter.keepsAf(ac, an) ? notes : null;
  }

  /** Whether the query is a first page asking for no analytics: the engine's own scan answers it. */
  static boolean isPlainFirstPage(AnalyticsQuery q) {
    return !q.withStats() && q.caseControl().isEmpty() && q.top().isEmpty() && q.after().isEmpty()
        && q.filter().keepsAll();
  }

  /**
   * A first page without analytics (a plain {@code limit} answer): the engine's own variants scan, with its
   * skipping of rows nobody carries, asked for one row more to know whether a next page follows.
   */
  private AnalyticsAnswer firstPage(GenotypeQuery base) {
    int limit = base.limitOrMax();
    if (limit == 0 || limit == Integer.MAX_VALUE) {
      return AnalyticsAnswer.page(index.variants(base), Optional.empty());
    }
    IndexVariantAnswer a = (IndexVariantAnswer) index.variants(new GenotypeQuery(base.segments(), base.zygosity(),
        base.samples(), java.util.OptionalInt.of(limit + 1)));
    if (a.size() <= limit) {
      return AnalyticsAnswer.page(a, Optional.empty());
    }
    return AnalyticsAnswer.page(a.first(limit), Optional.of(key(a.contigs(), a.rows(), limit - 1, Optional.empty())));
  }

  /** Whether a row of p-value {@code p} ranks after {@code worst} (as {@link Rows.Ranked#WORST_FIRST} orders). */
  private static boolean ranksAfter(double p, int contig, int r, Rows.Ranked worst) {
    return p > worst.p() || p == worst.p()
        && (contig > worst.contig() || contig == worst.contig() && r > worst.row());
  }

  /** Moves the row just added into the heap if it ranks among the best {@code top.n()}. */
  private static void rank(TopN top, Rows out, PriorityQueue<Rows.Ranked> heap) {
    int i = out.size - 1;
    double p = top.by() == TopN.By.HWE_P ? out.hweP[i] : out.assocP[i];
    if (!Double.isNaN(p)) {
      Rows.Ranked candidate = new Rows.Ranked(p, out.contig[i], out.row[i], out.take(i), out.annotations[i]);
      if (heap.size() < top.n()) {
        heap.add(candidate);
      } else if (Rows.Ranked.WORST_FIRST.compare(candidate, heap.peek()) > 0) {
        heap.poll();
        heap.add(candidate);
      }
    }
    out.size--; // the rows of a top-N live in the heap only
  }

  /** A mapped row's text, copied ({@link #keepsText}); grown as needed. */
  private byte[] scratch = new byte[256];

  /** The REF/ALT, class, length and allelic tests of the filter. */
  private boolean keepsText(VariantFilter f, ContigRows c, CallGaps gaps, int r) {
    if (f.allelic() != VariantFilter.Allelic.ANY
        && (gaps.alts(r) > 1) != (f.allelic() == VariantFilter.Allelic.MULTIALLELIC)) {
      return false;
    }
    if (!f.readsText()) {
      return true;
    }
    byte[] text = c.textBytes();
    int idEnd = c.idEnd(r);
    int refEnd = c.refEnd(r, idEnd);
    int altEnd = c.textEnd(r);
    if (text == null) {
      // mapped: the row's bytes only, positions taken relative to its start
      int from = c.textStart(r);
      if (scratch.length < altEnd - from) {
        scratch = new byte[altEnd - from];
      }
      c.text().copy(from, scratch, 0, altEnd - from);
      text = scratch;
      idEnd -= from;
      refEnd -= from;
      altEnd -= from;
    }
    if (!f.refs().isEmpty() && !f.refs().contains(new String(text, idEnd + 1, refEnd - idEnd - 1,
        StandardCharsets.UTF_8))) {
      return false;
    }
    if (!f.alts().isEmpty() && !f.alts().contains(new String(text, refEnd + 1, altEnd - refEnd - 1,
        StandardCharsets.UTF_8))) {
      return false;
    }
    VariantClass kind = VariantClass.of(text, idEnd + 1, refEnd, refEnd + 1, altEnd);
    if (!f.classes().isEmpty() && !f.classes().contains(kind)) {
      return false;
    }
    if (f.minLength().isPresent() || f.maxLength().isPresent()) {
      long length = kind == VariantClass.SV ? (long) c.end(r) - c.pos(r) + 1
          : Math.max(refEnd - idEnd - 1, altEnd - refEnd - 1);
      return (f.minLength().isEmpty() || length >= f.minLength().getAsInt())
          && (f.maxLength().isEmpty() || length <= f.maxLength().getAsInt());
    }
    return true;
  }

  /**
   * Missing calls, HWE p and F of the row just added. HWE and F count the complete diploid calls only: het
   * and hom-alt less the chosen samples' non-diploid calls (rare: haploid chrX/Y/M calls, polyploids), and
   * hom-ref as the rest of the complete diploid calls. {@code counted}: {@link #diploid} already ran for this
   * row (a top-N by HWE p counts before it adds a row).
   */
  private void stats(ContigRows c, CallGaps gaps, int contig, int r, SampleSelection sel, Rows out,
      boolean counted) {
    int i = out.size - 1;
    if (sel.isAll() && cohort != null) {
      // the whole cohort's p and F were made with the engine
      out.missing[i] = counted ? missingD : sets.cardinality(gaps.missing(r));
      out.hweP[i] = cohort.hweP(contig, r);
      out.f[i] = cohort.f(contig, r);
      return;
    }
    if (!counted) {
      diploid(c, gaps, r, sel, out.het[i], out.hom[i]);
    }
    out.missing[i] = missingD;
    int slot = memo.slot(hetD, homRefD, homAltD);
    if (slot >= 0) {
      out.hweP[i] = memo.p(slot);
      out.f[i] = memo.f(slot);
      return;
    }
    double p = hwe.pValue(hetD, homRefD, homAltD);
    double f = Inbreeding.f(hetD, homRefD, homAltD);
    memo.put(hetD, homRefD, homAltD, p, f);
    out.hweP[i] = p;
    out.f[i] = f;
  }

  /**
   * The chosen samples' complete diploid calls of row {@code r} by genotype, and their missing calls, into
   * {@link #hetD}, {@link #homRefD}, {@link #homAltD}, {@link #missingD}: het and hom-alt ({@code het}, {@code
   * hom}) less the non-diploid calls, hom-ref as the rest of the complete diploid calls.
   */
  private void diploid(ContigRows c, CallGaps gaps, int r, SampleSelection sel, int het, int hom) {
    // the row in hand's missing calls, when its AN corrections already counted them
    diploidCounts.count(sets, c, gaps, r, sel, het, hom, carrierCounts.missing);
    missingD = diploidCounts.missing;
    hetD = diploidCounts.het;
    homAltD = diploidCounts.homAlt;
    homRefD = diploidCounts.homRef;
  }

  private void caseControl(ContigRows c, int contig, int r, CaseControl cc, Rows out) {
    int i = out.size - 1;
    rowCounts.add(c, contig, r, cc.cases(), sink);
    int caseAc = ac;
    int caseAn = an;
    rowCounts.add(c, contig, r, cc.controls(), sink);
    table(out, i, caseAc, caseAn, ac, an);
  }

  /** Row {@code i}'s case/control counts, and the allelic test's p and odds ratio made from them. */
  private static void table(Rows out, int i, int caseAc, int caseAn, int controlAc, int controlAn) {
    out.caseAc[i] = caseAc;
    out.caseAn[i] = caseAn;
    out.controlAc[i] = controlAc;
    out.controlAn[i] = controlAn;
    out.assocP[i] = AlleleAssociation.pValue(caseAc, caseAn - caseAc, controlAc, controlAn - controlAc);
    out.oddsRatio[i] = AlleleAssociation.oddsRatio(caseAc, caseAn - caseAc, controlAc, controlAn - controlAc);
  }

  /**
   * Case/control counts of the row just added when the two groups split the chosen samples: {@code counted}'s
   * counts, and the row's (over the chosen samples, already made) less them for the other group. AC and AN add
   * up over disjoint groups (a row's ploidy is one number; the corrections are per sample), so the table, and the
   * p and odds ratio made from it, are the two-count path's exactly.
   */
  private void split(ContigRows c, int contig, int r, boolean countedAreCases, SampleSelection counted, Rows out) {
    int i = out.size - 1;
    rowCounts.add(c, contig, r, counted, sink);
    int restAc = out.ac[i] - ac;
    int restAn = out.an[i] - an;
    if (countedAreCases) {
      table(out, i, ac, an, restAc, restAn);
    } else {
      table(out, i, restAc, restAn, ac, an);
    }
  }

  /**
   * The key of the answer's last row: its place, and how many rows of the answer (this page's, and when the
   * run of equal rows started before it, the earlier pages' as the previous key says) share its contig,
   * position, ALT and REF before it.
   */
  private RowKey key(Rows out, Optional<RowKey> previous) {
    return key(out.contig, out.row, out.size - 1, previous);
  }

  /** As above, for the answer rows {@code contigs[i], rows[i]}, the last being {@code last}. */
  private RowKey key(int[] contigs, int[] rows, int last, Optional<RowKey> previous) {
    ContigRows c = store.contig(contigs[last]);
    int r = rows[last];
    String[] t = c.text(r);
    int ordinal = 0;
    int i = last - 1;
    while (i >= 0 && contigs[i] == contigs[last] && c.pos(rows[i]) == c.pos(r)
        && sameAltRef(c.text(rows[i]), t)) {
      ordinal++;
      i--;
    }
    if (i < 0 && previous.isPresent()) {
      RowKey p = previous.get();
      if (p.contig().equals(c.name) && p.pos() == c.pos(r) && p.alt().equals(t[2]) && p.ref().equals(t[1])) {
        ordinal += p.ordinal() + 1;
      }
    }
    return new RowKey(c.name, c.pos(r), t[2], t[1], ordinal);
  }

  /** The first row at or after the key's place (position, ALT, REF) in answer order. */
  static int firstAtOrAfter(ContigRows c, RowKey key) {
    int lo = 0;
    int hi = c.size;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (c.pos(mid) < key.pos()) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    int r = lo;
    while (r < c.size && c.pos(r) == key.pos() && compareToKey(c, r, key) < 0) {
      r++;
    }
    return r;
  }

  /** The first row from {@code from} on that is past the key's place. */
  static int firstAfter(ContigRows c, RowKey key, int from) {
    int r = from;
    while (r < c.size && c.pos(r) == key.pos() && compareToKey(c, r, key) == 0) {
      r++;
    }
    return r;
  }

  /** Row {@code r} (at the key's position) against the key's ALT, then REF, bytewise. */
  private static int compareToKey(ContigRows c, int r, RowKey key) {
    // the row's bytes (heap or mapped), positions relative to its start: a few rows per cursor
    int from = c.textStart(r);
    byte[] text = new byte[c.textEnd(r) - from];
    c.text().copy(from, text, 0, text.length);
    int idEnd = c.idEnd(r) - from;
    int refEnd = c.refEnd(r, idEnd + from) - from;
    byte[] alt = key.alt().getBytes(StandardCharsets.UTF_8);
    int cmp = Arrays.compareUnsigned(text, refEnd + 1, text.length, alt, 0, alt.length);
    if (cmp != 0) {
      return cmp;
    }
    byte[] ref = key.ref().getBytes(StandardCharsets.UTF_8);
    return Arrays.compareUnsigned(text, idEnd + 1, refEnd, ref, 0, ref.length);
  }

  /** Whether two rows' texts ({@link ContigRows#text}: ID, REF, ALT) have the same ALT and REF. */
  private static boolean sameAltRef(String[] a, String[] b) {
    return a[2].equals(b[2]) && a[1].equals(b[1]);
  }

}
