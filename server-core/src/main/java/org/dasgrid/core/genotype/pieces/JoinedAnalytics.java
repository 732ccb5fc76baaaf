package org.dasgrid.core.genotype.pieces;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.PriorityQueue;
import org.dasgrid.core.genotype.AlleleCarriers;
import org.dasgrid.core.genotype.AnalyticsAnswer;
import org.dasgrid.core.genotype.AnalyticsQuery;
import org.dasgrid.core.genotype.CountAnswer;
import org.dasgrid.core.genotype.GenotypeQuery;
import org.dasgrid.core.genotype.RowKey;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.TopN;
import org.dasgrid.core.genotype.VariantAnswer;
import org.dasgrid.core.genotype.VariantRow;
import org.dasgrid.core.genotype.Zygosity;
import org.dasgrid.core.segment.Segment;

/**
 * Cohort analytics over joined pieces. Filters and per-row statistics are each piece's own (a row's statistics
 * read only its own calls). A page is read piece after piece in answer order, each asked for what is left of
 * the limit, from the cursor's place on; a top-N takes each piece's N best and keeps the N best of those, ties
 * in answer order (piece order, then the piece's order), as one engine ranks them.
 */
final class JoinedAnalytics {
  private final JoinedGenotypes joined;

  JoinedAnalytics(JoinedGenotypes joined) {
    this.joined = joined;
  }

  private static AnalyticsQuery on(AnalyticsQuery q, List<Segment> segments, OptionalInt limit,
      Optional<RowKey> after) {
    return new AnalyticsQuery(JoinedGenotypes.on(q.base(), segments, limit), q.filter(), q.stats(), q.caseControl(),
        q.top(), after);
  }

  AnalyticsAnswer analyse(AnalyticsQuery q) {
    List<JoinedGenotypes.Call> calls = joined.route(q.base().segments());
    if (calls.size() == 1 || q.base().limitOrMax() == 0) { // limit 0: no rows and no next page, as one engine says
      JoinedGenotypes.Call c = calls.get(0);
      return c.piece().engine().analyse(on(q, c.segments(), q.base().limit(), q.after()));
    }
    return q.top().isPresent() ? top(q, calls, q.top().get()) : page(q, calls);
  }

  /**
   * Piece after piece from the cursor's place, each asked for what is left of the limit. A page filled exactly
   * at the end of a piece has a next page when a later piece has a row: its cursor is then made here, from
   * the last row (its ordinal counted among the rows like it, which are next to each other in answer order).
   */
  private AnalyticsAnswer page(AnalyticsQuery q, List<JoinedGenotypes.Call> calls) {
    RowKey after = q.after().orElse(null);
    int keyContig = after == null ? -1 : joined.contigIndex(after.contig());
    List<AnalyticsAnswer> parts = new ArrayList<>();
    long left = q.base().limitOrMax();
    Optional<RowKey> next = Optional.empty();
    boolean full = false;
    for (int i = 0; i < calls.size(); i++) {
      JoinedGenotypes.Call c = calls.get(i);
      int contig = joined.contigIndex(c.segments().get(0).ref());
      if (after != null && keyContig >= 0 && contig < keyContig) {
        continue;
      }
      if (full) {
        // is there a row after the page? one row of a later piece says so
        AnalyticsAnswer probe = c.piece().engine().analyse(on(q, c.segments(), OptionalInt.of(1), Optional.empty()));
        if (probe.size() > 0) {
          next = Optional.of(lastKey(parts, after));
          break;
        }
        continue;
      }
      Optional<RowKey> from = after != null && (keyContig < 0 || contig == keyContig) ? q.after() : Optional.empty();
      OptionalInt limit = q.base().limit().isPresent() ? OptionalInt.of((int) left) : OptionalInt.empty();
      AnalyticsAnswer a = c.piece().engine().analyse(on(q, c.segments(), limit, from));
      if (a.size() > 0 || parts.isEmpty()) {
        parts.add(a);
      }
      left -= a.size();
      if (a.next().isPresent()) {
        next = a.next();
        break;
      }
      full = left <= 0;
    }
    if (parts.isEmpty()) { // the cursor is past every piece's contigs: the last piece says there is nothing
      JoinedGenotypes.Call c = calls.get(calls.size() - 1);
      parts.add(c.piece().engine().analyse(on(q, c.segments(), q.base().limit(), q.after())));
    }
    List<int[]> rows = new ArrayList<>();
    for (int p = 0; p < parts.size(); p++) {
      for (int r = 0; r < parts.get(p).size(); r++) {
        rows.add(new int[] {p, r});
      }
    }
    return merged(parts, rows, true, next);
  }

  /** The key of the last row of the parts, its ordinal among the rows equal to it before it (and the cursor's). */
  private static RowKey lastKey(List<AnalyticsAnswer> parts, RowKey after) {
    List<VariantRow> rows = new ArrayList<>();
    for (AnalyticsAnswer a : parts) {
      for (int i = 0; i < a.size(); i++) {
        rows.add(a.rows().get(i));
      }
    }
    VariantRow last = rows.get(rows.size() - 1);
    int ordinal = 0;
    int i = rows.size() - 2;
    for (; i >= 0 && same(rows.get(i), last); i--) {
      ordinal++;
    }
    if (i < 0 && after != null && after.contig().equals(last.chrom()) && after.pos() == last.pos()
        && after.alt().equals(last.alt()) && after.ref().equals(last.ref())) {
      ordinal += after.ordinal() + 1;
    }
    return new RowKey(last.chrom(), last.pos(), last.alt(), last.ref(), ordinal);
  }

  private static boolean same(VariantRow a, VariantRow b) {
    return a.chrom().equals(b.chrom()) && a.pos() == b.pos() && a.alt().equals(b.alt()) && a.ref().equals(b.ref());
  }

  /** Each piece's N best, merged: the N smallest p-values, ties in answer order. */
  private AnalyticsAnswer top(AnalyticsQuery q, List<JoinedGenotypes.Call> calls, TopN top) {
    List<AnalyticsAnswer> parts = new ArrayList<>();
    for (JoinedGenotypes.Call c : calls) {
      parts.add(c.piece().engine().analyse(on(q, c.segments(), q.base().limit(), Optional.empty())));
    }
    boolean byHwe = top.by() == TopN.By.HWE_P;
    PriorityQueue<int[]> heads = new PriorityQueue<>((a, b) -> {
      double pa = p(parts.get(a[0]), a[1], byHwe);
      double pb = p(parts.get(b[0]), b[1], byHwe);
      int cmp = Double.compare(pa, pb);
      return cmp != 0 ? cmp : a[0] != b[0] ? Integer.compare(a[0], b[0]) : Integer.compare(a[1], b[1]);
    });
    for (int p = 0; p < parts.size(); p++) {
      if (parts.get(p).size() > 0) {
        heads.add(new int[] {p, 0});
      }
    }
    List<int[]> rows = new ArrayList<>();
    while (!heads.isEmpty() && rows.size() < top.n()) {
      int[] h = heads.poll();
      rows.add(h);
      if (h[1] + 1 < parts.get(h[0]).size()) {
        heads.add(new int[] {h[0], h[1] + 1});
      }
    }
    return merged(parts, rows, false, Optional.empty());
  }

  private static double p(AnalyticsAnswer a, int i, boolean byHwe) {
    return byHwe ? a.hweP(i) : a.assocP(i);
  }

  /** An answer of rows {@code (part, row)} of the parts, with what they carry. */
  private static AnalyticsAnswer merged(List<AnalyticsAnswer> parts, List<int[]> rows, boolean whole,
      Optional<RowKey> next) {
    AnalyticsAnswer first = parts.get(0);
    int n = rows.size();
    boolean stats = first.hasStats();
    boolean cc = first.hasCaseControl();
    int[] missing = new int[stats ? n : 0];
    double[] hweP = new double[stats ? n : 0];
    double[] f = new double[stats ? n : 0];
    int[] caseAc = new int[cc ? n : 0];
    int[] caseAn = new int[cc ? n : 0];
    int[] controlAc = new int[cc ? n : 0];
    int[] controlAn = new int[cc ? n : 0];
    double[] assocP = new double[cc ? n : 0];
    double[] odds = new double[cc ? n : 0];
    Object[] annotations = new Object[n];
    int[] part = new int[n];
    int[] row = new int[n];
    Optional<String> annotationSource = Optional.empty();
    for (int i = 0; i < n; i++) {
      AnalyticsAnswer a = parts.get(rows.get(i)[0]);
      int r = rows.get(i)[1];
      part[i] = rows.get(i)[0];
      row[i] = r;
      if (stats) {
        missing[i] = a.missing(r);
        hweP[i] = a.hweP(r);
        f[i] = a.f(r);
      }
      if (cc) {
        caseAc[i] = a.caseAc(r);
        caseAn[i] = a.caseAn(r);
        controlAc[i] = a.controlAc(r);
        controlAn[i] = a.controlAn(r);
        assocP[i] = a.assocP(r);
        odds[i] = a.oddsRatio(r);
      }
      annotations[i] = a.annotations(r);
    }
    for (AnalyticsAnswer a : parts) {
      if (a.annotationSource().isPresent()) {
        annotationSource = a.annotationSource();
        break;
      }
    }
    List<VariantAnswer> answers = parts.stream().map(AnalyticsAnswer::rows).toList();
    VariantAnswer joinedRows = whole ? JoinedRows.concat(answers) : JoinedRows.select(answers, part, row);
    AnalyticsAnswer.StatTexts texts = new AnalyticsAnswer.StatTexts() {
      @Override
      public int copyHweText(int i, byte[] dst, int at) {
        return parts.get(part[i]).copyHweText(row[i], dst, at);
      }

      @Override
      public int copyFText(int i, byte[] dst, int at) {
        return parts.get(part[i]).copyFText(row[i], dst, at);
      }
    };
    return new AnalyticsAnswer(joinedRows, stats, cc, missing, hweP, f, caseAc, caseAn, controlAc, controlAn,
        assocP, odds, next, annotations, annotationSource, texts);
  }

  /**
   * The pieces' totals added; the samples counted once: without a filter the pieces' carriers are united (as
   * for a plain count); with one, the carriers of the rows that pass it, read allele by allele.
   */
  CountAnswer count(AnalyticsQuery q) {
    List<JoinedGenotypes.Call> calls = joined.route(q.base().segments());
    if (calls.size() == 1) {
      JoinedGenotypes.Call c = calls.get(0);
      return c.piece().engine().count(on(q, c.segments(), q.base().limit(), Optional.empty()));
    }
    if (q.filter().keepsAll()) {
      return joined.count(q.base());
    }
    long variants = 0;
    long het = 0;
    long hom = 0;
    SampleSelection sel = q.base().samples();
    Zygosity z = q.base().zygosity();
    BitSet carriers = new BitSet(sel.cohortSize());
    for (JoinedGenotypes.Call c : calls) {
      CountAnswer a = c.piece().engine().count(on(q, c.segments(), OptionalInt.empty(), Optional.empty()));
      variants += a.variants();
      het += a.het();
      hom += a.hom();
      AnalyticsQuery rowsOnly = new AnalyticsQuery(JoinedGenotypes.on(q.base(), c.segments(), OptionalInt.empty()),
          q.filter(), false, Optional.empty(), Optional.empty(), Optional.empty());
      VariantAnswer rows = c.piece().engine().analyse(rowsOnly).rows();
      for (int i = 0; i < rows.size(); i++) {
        VariantRow v = rows.get(i);
        Optional<AlleleCarriers> who = c.piece().engine().alleleCarriers(v.chrom(), v.pos(), v.ref(), v.alt());
        if (who.isEmpty()) {
          continue;
        }
        if (z.includesHet()) {
          mark(who.get().het(), sel, carriers);
        }
        if (z.includesHom()) {
          mark(who.get().hom(), sel, carriers);
        }
      }
    }
    return new CountAnswer(variants, het, hom, carriers.cardinality());
  }

  private static void mark(int[] samples, SampleSelection sel, BitSet out) {
    for (int s : samples) {
      if (sel.contains(s)) {
        out.set(s);
      }
    }
  }
}
