package org.dasgrid.core.genotype.internal.store;

import java.util.ArrayList;
import java.util.List;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.TextRules;
import org.dasgrid.core.genotype.internal.sets.SampleSets;
import org.dasgrid.core.genotype.stats.HardyWeinberg;
import org.dasgrid.core.genotype.stats.Inbreeding;

/**
 * Every row's Hardy–Weinberg exact p and inbreeding F over the whole cohort, computed once when the engine is
 * made, as the whole-cohort af texts are ({@link AfTexts}): they are properties of the row, and the exact
 * test of a common variant walks hundreds of het counts — two thirds of the server's time for a whole-cohort
 * {@code stats=true} answer of a gene when computed per request. With their texts, as the writer writes them
 * (formatting a double costs as much as writing the rest of the row): 16 + 24 bytes a row, on the heap. Immutable
 * once made; safe to share between threads.
 */
public final class CohortStats {
  private final List<double[]> hweP;
  private final List<double[]> f;
  /** Their texts as the installed writer writes them ({@link TextRules#numberText}), packed as af texts are. */
  private final List<AfTexts> hweText;
  private final List<AfTexts> fText;

  private CohortStats(List<double[]> hweP, List<double[]> f, List<AfTexts> hweText, List<AfTexts> fText) {
    this.hweP = hweP;
    this.f = f;
    this.hweText = hweText;
    this.fText = fText;
  }

  /** Computes the statistics of every row of every contig, over every sample. */
  public static CohortStats compute(List<ContigRows> contigs, List<CallGaps> gaps, SampleSets sets,
      Corrections fixes, SampleSelection everyone) {
    RowCounts rowCounts = new RowCounts(sets, fixes);
    HardyWeinberg hwe = new HardyWeinberg();
    GenotypeMemo memo = new GenotypeMemo();
    DiploidCounts d = new DiploidCounts();
    List<double[]> ps = new ArrayList<>(contigs.size());
    List<double[]> fs = new ArrayList<>(contigs.size());
    List<AfTexts> pTexts = new ArrayList<>(contigs.size());
    List<AfTexts> fTexts = new ArrayList<>(contigs.size());
    TextRules rules = TextRules.installed();
    int[] counts = new int[2];
    RowCounts.Sink sink = (contig, r, het, hom, ac, an) -> {
      counts[0] = het;
      counts[1] = hom;
    };
    for (int k = 0; k < contigs.size(); k++) {
      ContigRows c = contigs.get(k);
      CallGaps g = k < gaps.size() ? gaps.get(k) : CallGaps.NONE;
      double[] p = new double[c.size];
      double[] fv = new double[c.size];
      AfTexts.Builder pt = new AfTexts.Builder(c.size);
      AfTexts.Builder ft = new AfTexts.Builder(c.size);
      for (int r = 0; r < c.size; r++) {
        rowCounts.add(c, 0, r, everyone, sink);
        d.count(sets, c, g, r, everyone, counts[0], counts[1]);
        int slot = memo.slot(d.het, d.homRef, d.homAlt);
        if (slot >= 0) {
          p[r] = memo.p(slot);
          fv[r] = memo.f(slot);
        } else {
          p[r] = hwe.pValue(d.het, d.homRef, d.homAlt);
          fv[r] = Inbreeding.f(d.het, d.homRef, d.homAlt);
          memo.put(d.het, d.homRef, d.homAlt, p[r], fv[r]);
        }
        pt.setText(r, rules.numberText(p[r]));
        ft.setText(r, rules.numberText(fv[r]));
      }
      ps.add(p);
      fs.add(fv);
      pTexts.add(pt.build());
      fTexts.add(ft.build());
    }
    return new CohortStats(List.copyOf(ps), List.copyOf(fs), List.copyOf(pTexts), List.copyOf(fTexts));
  }

  /**
   * Copies row {@code r}'s HWE p text into {@code dst} from {@code at} ({@link AfTexts#ROOM} bytes of room) and
   * returns where it ends; -1, writing nothing, when there is none (undefined, or too long to keep).
   */
  public int copyHweText(int contig, int r, byte[] dst, int at) {
    return hweText.get(contig).copyText(r, dst, at);
  }

  /** As {@link #copyHweText}, for F. */
  public int copyFText(int contig, int r, byte[] dst, int at) {
    return fText.get(contig).copyText(r, dst, at);
  }

  /** Row {@code r}'s whole-cohort HWE p (NaN without complete diploid calls). */
  public double hweP(int contig, int r) {
    return hweP.get(contig)[r];
  }

  /** Row {@code r}'s whole-cohort F (NaN without complete diploid calls, or monomorphic among them). */
  public double f(int contig, int r) {
    return f.get(contig)[r];
  }

  public long heapBytes() {
    long b = 0;
    for (double[] p : hweP) {
      b += 2 * (16 + 8L * p.length);
    }
    for (int k = 0; k < hweText.size(); k++) {
      b += hweText.get(k).heapBytes() + fText.get(k).heapBytes();
    }
    return b;
  }
}
