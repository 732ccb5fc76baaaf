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

  /** The per-row shortcuts taken; {@link Shortcuts#ALL} but in tests and timings of the slower paths. */
  private final Shortcuts shortcuts;
  /** The filter's text tests, with their scratch buffer. */
  private final TextTests textTests = new TextTests();

  /**
   * Two shortcuts that give the same answers as the plain paths, faster; each can be turned off to test (or time)
   * it against its plain path.
   *
   * @param subtractSplit a case/control split of the chosen samples counts one group per row and takes the
   *     other as the row's counts less it (off: both groups counted)
   * @param fuseCounts a subset's carried test and counts share their intersections, and the statistics the AN
   *     corrections' missing-call count (off: each set intersected per use)
   */
  public record Shortcuts(boolean subtractSplit, boolean fuseCounts) {
    public static final Shortcuts ALL = new Shortcuts(true, true);
  }

  public CohortAnalytics(GenotypeIndex index) {
    this(index, Shortcuts.ALL);
  }

  public CohortAnalytics(GenotypeIndex index, Shortcuts shortcuts) {
    this.index = index;
    this.store = index.store();
    this.rowCounts = index.rowCounts();
    this.sets = store.sets();
    this.cohort = store.cohortStats();
    this.shortcuts = shortcuts;
  }

  @Override
  public AnalyticsAnswer run(AnalyticsQuery q) {
    if (isPlainFirstPage(q)) {
      return firstPage(q.base());
    }
    Pass pass = new Pass(q);
    if (pass.want == 1 || pass.top != null && pass.top.n() == 0) {
      return pass.out.answer(index, pass.sel.isAll(), Optional.empty());
    }
    for (Plan p : index.plans(pass.filter.bracket().narrow(q.base().segments()))) {
      if (p.contig() >= pass.afterContig && !pass.scan(p)) {
        break;
      }
    }
    return pass.answer(q.after());
  }

  /**
   * One analytics query's settings and the rows it keeps: its page (a cursor to start after, one row more than
   * asked for to know whether another page follows) or its top-N heap, and what each kept row gets.
   */
  private final class Pass {
    final SampleSelection sel;
    final Zygosity z;
    final VariantFilter filter;
    final boolean stats;
    final CaseControl cc;
    /** The smaller group of a case/control split of the chosen samples, counted; the other is the rest. */
    final SampleSelection oneGroup;
    final TopN top;
    final long want;
    final Rows out;
    final PriorityQueue<Rows.Ranked> heap;
    final InfoTests infoTests;
    /** The cursor: its contig (-1 without), the first row at or after its place and the first past it. */
    int afterContig = -1;
    int firstRow;
    int pastKey;
    /** The rows equal to the cursor's still to skip. */
    int skipEqual;

    Pass(AnalyticsQuery q) {
      GenotypeQuery base = q.base();
      sel = base.samples();
      z = base.zygosity();
      filter = q.filter();
      stats = q.withStats();
      cc = q.caseControl().orElse(null);
      // controls = the rest of the chosen samples (the default): count the smaller group, subtract for the other
      oneGroup = cc == null || !shortcuts.subtractSplit() || !cc.splits(sel) ? null
          : cc.cases().size() <= cc.controls().size() ? cc.cases() : cc.controls();
      top = q.top().orElse(null);
      // one row more than the page, to know whether another page follows
      want = top != null ? Long.MAX_VALUE : base.limitOrMax() + 1L;
      out = new Rows(stats, cc != null);
      out.annotated = !filter.csq().isEmpty();
      heap = top == null ? null : new PriorityQueue<>(Rows.Ranked.WORST_FIRST);
      infoTests = infoTests(filter);
      if (q.after().isPresent()) {
        RowKey key = q.after().get();
        afterContig = index.contigNumber(key.contig());
        if (afterContig < 0) {
          throw RequestException.badArgument("cursor: the source has no contig '%s' any more; start again",
              key.contig());
        }
        ContigRows kc = store.contig(afterContig);
        firstRow = PageKeys.firstAtOrAfter(kc, key);
        pastKey = PageKeys.firstAfter(kc, key, firstRow);
        // the key's row and the answer's rows equal to it before it (duplicate records) were on earlier pages
        skipEqual = key.ordinal() + 1;
      }
    }

    /** Scans one contig's part of the plan; false when the answer is full. */
    boolean scan(Plan p) {
      int contig = p.contig();
      ContigRows c = store.contig(contig);
      CallGaps gaps = store.gaps(contig);
      InfoStore info = store.info(contig);
      // null for a contig without INFO text: an info/csq test then keeps none of its rows
      InfoStore.Reader infoText = info.isEmpty() ? null : info.new Reader();
      int skipBelow = contig == afterContig ? firstRow : 0;
      int equalBelow = contig == afterContig ? pastKey : 0;
      return c.scan(p.starts(), p.stops(), p.ranges(), r -> r < skipBelow
          || row(c, contig, gaps, infoText, r, r < equalBelow));
    }

    /** Row {@code r}: kept and given what was asked for, or not; false when the answer is full. */
    private boolean row(ContigRows c, int contig, CallGaps gaps, InfoStore.Reader infoText, int r,
        boolean beforePastKey) {
      java.util.List<String[]> notes = kept(c, contig, gaps, infoText, r, filter, infoTests, z, sel);
      if (notes == null) {
        return true;
      }
      if (beforePastKey && skipEqual > 0) {
        skipEqual--;
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
    }

    /** The answer: the top-N's rows, or the page's with the key of the next page if one follows. */
    AnalyticsAnswer answer(Optional<RowKey> after) {
      if (heap != null) {
        return out.ranked(heap, index, sel.isAll());
      }
      Optional<RowKey> next = Optional.empty();
      if (out.size == want) {
        out.size--; // the probe row: it starts the next page
        next = Optional.of(PageKeys.key(store, out, after));
      }
      return out.answer(index, sel.isAll(), next);
    }
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
    boolean subset = !sel.isAll() && shortcuts.fuseCounts();
    if (subset ? !rowCounts.carriedCounts(c, r, z, sel, carrierCounts) : !rowCounts.carried(c, r, z, sel)) {
      return null;
    }
    carrierCounts.missing = -1;
    if (!textTests.keeps(filter, c, gaps, r)) {
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
    return AnalyticsAnswer.page(a.first(limit), Optional.of(PageKeys.key(store, a.contigs(), a.rows(), limit - 1, Optional.empty())));
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

}
