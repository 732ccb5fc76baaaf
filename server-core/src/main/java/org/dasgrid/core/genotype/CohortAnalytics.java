package org.dasgrid.core.genotype;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;
import java.util.PriorityQueue;
import org.dasgrid.core.error.RequestException;

/**
 * Runs one {@link AnalyticsQuery} on a {@link GenotypeIndex}: scans the rows of the segments as the variants
 * query does (same zygosity rule), drops the rows the filter refuses, and computes only what was asked for,
 * per kept row, through the engine's counts and sample sets (no per-sample loop but over the rare non-diploid
 * calls). A top-N keeps its best N in a bounded heap instead of every row's statistics. One per query.
 */
final class CohortAnalytics {
  private final GenotypeIndex index;
  private final SampleSets sets;
  private final HardyWeinberg hwe = new HardyWeinberg();
  /** The counts of the row in hand, from {@link GenotypeIndex#counts}. */
  private int het;
  private int hom;
  private int ac;
  private int an;
  private final GenotypeIndex.CountsSink sink = (contig, r, h, o, a, n) -> {
    het = h;
    hom = o;
    ac = a;
    an = n;
  };

  CohortAnalytics(GenotypeIndex index) {
    this.index = index;
    this.sets = index.sets();
  }

  AnalyticsAnswer run(AnalyticsQuery q) {
    GenotypeQuery base = q.base();
    SampleSelection sel = base.samples();
    Zygosity z = base.zygosity();
    VariantFilter filter = q.filter();
    boolean stats = q.withStats();
    CaseControl cc = q.caseControl().orElse(null);
    TopN top = q.top().orElse(null);
    // one row more than the page, to know whether another page follows
    long want = top != null ? Long.MAX_VALUE : base.limitOrMax() + 1L;
    Rows out = new Rows(stats, cc != null);
    PriorityQueue<Rows.Ranked> heap = top == null ? null : new PriorityQueue<>(Rows.Ranked.WORST_FIRST);
    int afterContig = -1;
    int firstRow = 0;
    if (q.after().isPresent()) {
      RowKey key = q.after().get();
      afterContig = index.contigNumber(key.contig());
      if (afterContig < 0) {
        throw RequestException.badArgument("cursor: the source has no contig '%s' any more; start again",
            key.contig());
      }
      firstRow = firstAfter(index.contigRows(afterContig), key);
    }
    if (want == 1 || top != null && top.n() == 0) {
      return out.answer(index, sel.isAll(), Optional.empty());
    }
    for (GenotypeIndex.Plan p : index.plans(base.segments())) {
      if (p.contig() < afterContig) {
        continue;
      }
      ContigRows c = index.contigRows(p.contig());
      CallGaps gaps = index.gaps(p.contig());
      int skipBelow = p.contig() == afterContig ? firstRow : 0;
      int contig = p.contig();
      boolean more = c.scan(p.starts(), p.stops(), p.ranges(), r -> {
        if (r < skipBelow || !index.carried(c, r, z, sel) || !keepsText(filter, c, gaps, r)) {
          return true;
        }
        index.counts(c, contig, r, sel, sink);
        if (!filter.keepsAf(ac, an)) {
          return true;
        }
        out.add(contig, r, het, hom, ac, an);
        if (stats) {
          stats(c, gaps, r, sel, out);
        }
        if (cc != null) {
          caseControl(c, contig, r, cc, out);
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
      next = Optional.of(key(index.contigRows(out.contig[out.size - 1]), out.row[out.size - 1]));
    }
    return out.answer(index, sel.isAll(), next);
  }

  /** Moves the row just added into the heap if it ranks among the best {@code top.n()}. */
  private static void rank(TopN top, Rows out, PriorityQueue<Rows.Ranked> heap) {
    int i = out.size - 1;
    double p = top.by() == TopN.By.HWE_P ? out.hweP[i] : out.assocP[i];
    if (!Double.isNaN(p)) {
      Rows.Ranked candidate = new Rows.Ranked(p, out.contig[i], out.row[i], out.take(i));
      if (heap.size() < top.n()) {
        heap.add(candidate);
      } else if (Rows.Ranked.WORST_FIRST.compare(candidate, heap.peek()) > 0) {
        heap.poll();
        heap.add(candidate);
      }
    }
    out.size--; // the rows of a top-N live in the heap only
  }

  /** The REF/ALT, class, length and allelic tests of the filter. */
  private static boolean keepsText(VariantFilter f, ContigRows c, CallGaps gaps, int r) {
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
      long length = kind == VariantClass.SV ? (long) c.end[r] - c.pos[r] + 1
          : Math.max(refEnd - idEnd - 1, altEnd - refEnd - 1);
      return (f.minLength().isEmpty() || length >= f.minLength().getAsInt())
          && (f.maxLength().isEmpty() || length <= f.maxLength().getAsInt());
    }
    return true;
  }

  /**
   * Missing calls, HWE p and F of the row just added. HWE and F count the complete diploid calls only: het
   * and hom-alt less the chosen samples' non-diploid calls (rare: haploid chrX/Y/M calls, polyploids), and
   * hom-ref as the rest of the complete diploid calls.
   */
  private void stats(ContigRows c, CallGaps gaps, int r, SampleSelection sel, Rows out) {
    int i = out.size - 1;
    int missing = sets.andCardinality(gaps.missing(r), sel);
    int hetD = out.het[i];
    int homD = out.hom[i];
    int diploid = sel.size() - missing;
    int odd = gaps.nonDiploid(r);
    if (odd != SampleSets.EMPTY) {
      for (int s : sets.members(odd)) {
        if (sel.contains(s)) {
          diploid--;
          if (sets.contains(c.het[r], s)) {
            hetD--;
          } else if (sets.contains(c.hom[r], s)) {
            homD--;
          }
        }
      }
    }
    int homRef = diploid - hetD - homD;
    out.missing[i] = missing;
    out.hweP[i] = hwe.pValue(hetD, homRef, homD);
    out.f[i] = inbreeding(hetD, homRef, homD);
  }

  /** 1 - observed / expected het (2pqN), from the genotype counts; NaN for none or a monomorphic variant. */
  static double inbreeding(int het, int homRef, int homAlt) {
    double n = het + homRef + homAlt;
    if (n == 0) {
      return Double.NaN;
    }
    double p = (2.0 * homRef + het) / (2 * n);
    double expected = 2 * p * (1 - p) * n;
    return expected == 0 ? Double.NaN : 1 - het / expected;
  }

  private void caseControl(ContigRows c, int contig, int r, CaseControl cc, Rows out) {
    int i = out.size - 1;
    index.counts(c, contig, r, cc.cases(), sink);
    int caseAc = ac;
    int caseAn = an;
    index.counts(c, contig, r, cc.controls(), sink);
    out.caseAc[i] = caseAc;
    out.caseAn[i] = caseAn;
    out.controlAc[i] = ac;
    out.controlAn[i] = an;
    out.assocP[i] = AlleleAssociation.pValue(caseAc, caseAn - caseAc, ac, an - ac);
    out.oddsRatio[i] = AlleleAssociation.oddsRatio(caseAc, caseAn - caseAc, ac, an - ac);
  }

  /** The key of row {@code r}: its place, and how many rows before it share contig, position, ALT and REF. */
  static RowKey key(ContigRows c, int r) {
    byte[] text = c.textBytes();
    int ordinal = 0;
    for (int q = r - 1; q >= 0 && c.pos[q] == c.pos[r] && compareAltRef(c, q, text, c, r) == 0; q--) {
      ordinal++;
    }
    int idEnd = c.idEnd(r);
    int refEnd = c.refEnd(r, idEnd);
    return new RowKey(c.name, c.pos[r], new String(text, refEnd + 1, c.textEnd(r) - refEnd - 1, StandardCharsets.UTF_8),
        new String(text, idEnd + 1, refEnd - idEnd - 1, StandardCharsets.UTF_8), ordinal);
  }

  /** The first row after the key's in answer order. */
  static int firstAfter(ContigRows c, RowKey key) {
    int lo = 0;
    int hi = c.size;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (c.pos[mid] < key.pos()) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    byte[] alt = key.alt().getBytes(StandardCharsets.UTF_8);
    byte[] ref = key.ref().getBytes(StandardCharsets.UTF_8);
    int equal = 0;
    for (int r = lo; r < c.size && c.pos[r] == key.pos(); r++) {
      byte[] text = c.textBytes();
      int idEnd = c.idEnd(r);
      int refEnd = c.refEnd(r, idEnd);
      int cmp = Arrays.compareUnsigned(text, refEnd + 1, c.textEnd(r), alt, 0, alt.length);
      if (cmp == 0) {
        cmp = Arrays.compareUnsigned(text, idEnd + 1, refEnd, ref, 0, ref.length);
      }
      if (cmp > 0 || cmp == 0 && equal++ > key.ordinal()) {
        return r;
      }
    }
    int r = lo;
    while (r < c.size && c.pos[r] == key.pos()) {
      r++;
    }
    return r;
  }

  private static int compareAltRef(ContigRows a, int ra, byte[] text, ContigRows b, int rb) {
    int ia = a.idEnd(ra);
    int fa = a.refEnd(ra, ia);
    int ib = b.idEnd(rb);
    int fb = b.refEnd(rb, ib);
    int cmp = Arrays.compareUnsigned(text, fa + 1, a.textEnd(ra), b.textBytes(), fb + 1, b.textEnd(rb));
    return cmp != 0 ? cmp : Arrays.compareUnsigned(text, ia + 1, fa, b.textBytes(), ib + 1, fb);
  }
}
