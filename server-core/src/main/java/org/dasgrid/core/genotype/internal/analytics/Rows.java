package org.dasgrid.core.genotype.internal.analytics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.PriorityQueue;
import org.dasgrid.core.genotype.AnalyticsAnswer;
import org.dasgrid.core.genotype.RowKey;
import org.dasgrid.core.genotype.VariantAnswer;
import org.dasgrid.core.genotype.internal.engine.GenotypeIndex;
import org.dasgrid.core.genotype.internal.engine.RowBuffer;
import org.dasgrid.core.genotype.internal.store.CohortStats;

/**
 * Growing arrays of an analytics answer's rows: the query engine's row buffer (row numbers and counts) with, when
 * asked for, statistics and case/control counts. Not thread-safe; one per query.
 */
final class Rows extends RowBuffer {
  private static final int START = 16;
  final boolean stats;
  final boolean caseControl;
  int[] missing;
  double[] hweP;
  double[] f;
  int[] caseAc;
  int[] caseAn;
  int[] controlAc;
  int[] controlAn;
  double[] assocP;
  double[] oddsRatio;
  /** Per row, its matching annotation entries ({@code List<String[]>}), when the filter tests them. */
  Object[] annotations = new Object[START];
  /** Whether the query tested annotations (so the answer names their source). */
  boolean annotated;

  Rows(boolean stats, boolean caseControl) {
    this.stats = stats;
    this.caseControl = caseControl;
    int s = stats ? START : 0;
    int c = caseControl ? START : 0;
    missing = new int[s];
    hweP = new double[s];
    f = new double[s];
    caseAc = new int[c];
    caseAn = new int[c];
    controlAc = new int[c];
    controlAn = new int[c];
    assocP = new double[c];
    oddsRatio = new double[c];
    if (!stats) {
      hweP = new double[0];
    }
  }

  @Override
  protected void grow(int len) {
    super.grow(len);
    annotations = Arrays.copyOf(annotations, len);
    if (stats) {
      missing = Arrays.copyOf(missing, len);
      hweP = Arrays.copyOf(hweP, len);
      f = Arrays.copyOf(f, len);
    }
    if (caseControl) {
      caseAc = Arrays.copyOf(caseAc, len);
      caseAn = Arrays.copyOf(caseAn, len);
      controlAc = Arrays.copyOf(controlAc, len);
      controlAn = Arrays.copyOf(controlAn, len);
      assocP = Arrays.copyOf(assocP, len);
      oddsRatio = Arrays.copyOf(oddsRatio, len);
    }
  }

  /** Row {@code i}'s values, to be put back by {@link #put}. */
  double[] take(int i) {
    return new double[] {het[i], hom[i], ac[i], an[i], stats ? missing[i] : 0, stats ? hweP[i] : 0,
        stats ? f[i] : 0, caseControl ? caseAc[i] : 0, caseControl ? caseAn[i] : 0,
        caseControl ? controlAc[i] : 0, caseControl ? controlAn[i] : 0, caseControl ? assocP[i] : 0,
        caseControl ? oddsRatio[i] : 0};
  }

  private void put(int c, int r, double[] v, Object notes) {
    add(c, r, (int) v[0], (int) v[1], (int) v[2], (int) v[3]);
    int i = size - 1;
    annotations[i] = notes;
    if (stats) {
      missing[i] = (int) v[4];
      hweP[i] = v[5];
      f[i] = v[6];
    }
    if (caseControl) {
      caseAc[i] = (int) v[7];
      caseAn[i] = (int) v[8];
      controlAc[i] = (int) v[9];
      controlAn[i] = (int) v[10];
      assocP[i] = v[11];
      oddsRatio[i] = v[12];
    }
  }

  /** The heap's rows, best first (smallest p, then answer order), as the answer. */
  AnalyticsAnswer ranked(PriorityQueue<Ranked> heap, GenotypeIndex index, boolean wholeCohort) {
    List<Ranked> best = new ArrayList<>(heap);
    best.sort(Ranked.WORST_FIRST.reversed());
    size = 0;
    for (Ranked r : best) {
      put(r.contig(), r.row(), r.values(), r.annotations());
    }
    return answer(index, wholeCohort, Optional.empty());
  }

  AnalyticsAnswer answer(GenotypeIndex index, boolean wholeCohort, Optional<RowKey> next) {
    VariantAnswer rows = index.answer(wholeCohort, this);
    CohortStats cohort = index.store().cohortStats();
    return new AnalyticsAnswer(rows, stats, caseControl, missing, hweP, f, caseAc, caseAn, controlAc, controlAn,
        assocP, oddsRatio, next, annotations, annotated ? index.annotationSource() : Optional.empty(),
        stats && wholeCohort && cohort != null ? new CohortTexts(cohort, contig, row) : AnalyticsAnswer.StatTexts.NONE);
  }

  /** The rows' whole-cohort statistics as the texts made with the engine ({@link CohortStats}). */
  private record CohortTexts(CohortStats cohort, int[] contigs, int[] rows) implements AnalyticsAnswer.StatTexts {
    @Override
    public int copyHweText(int i, byte[] dst, int at) {
      return cohort.copyHweText(contigs[i], rows[i], dst, at);
    }

    @Override
    public int copyFText(int i, byte[] dst, int at) {
      return cohort.copyFText(contigs[i], rows[i], dst, at);
    }
  }

  /** A row held by a top-N heap: its p-value, its place, its values ({@link #take}). */
  record Ranked(double p, int contig, int row, double[] values, Object annotations) {
    /** Larger p first, then later in answer order: the heap's head is the one to drop. */
    static final Comparator<Ranked> WORST_FIRST = Comparator.comparingDouble(Ranked::p)
        .thenComparingInt(Ranked::contig).thenComparingInt(Ranked::row).reversed();
  }
}
