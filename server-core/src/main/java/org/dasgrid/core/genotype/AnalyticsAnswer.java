package org.dasgrid.core.genotype;

import java.util.Objects;
import java.util.Optional;

/**
 * The rows of an analytics query ({@link AnalyticsQuery}) in answer order (or by p-value for a top-N), with,
 * per row, what was asked for: statistics over the chosen samples ({@link #hasStats}) and the case/control
 * test ({@link #hasCaseControl}); and where the next page starts, when rows remain. A p-value, F or odds
 * ratio that is undefined for a row is {@code NaN}.
 */
public final class AnalyticsAnswer {
  private final VariantAnswer rows;
  private final boolean stats;
  private final boolean caseControl;
  private final int[] missing;
  private final double[] hweP;
  private final double[] f;
  private final int[] caseAc;
  private final int[] caseAn;
  private final int[] controlAc;
  private final int[] controlAn;
  private final double[] assocP;
  private final double[] oddsRatio;
  private final Optional<RowKey> next;
  private final Object[] annotations;
  private final Optional<String> annotationSource;
  /** The rows' statistics as text, when the engine made them with it (the whole cohort's); else {@link StatTexts#NONE}. */
  private final StatTexts texts;

  public AnalyticsAnswer(VariantAnswer rows, boolean stats, boolean caseControl, int[] missing, double[] hweP,
      double[] f, int[] caseAc, int[] caseAn, int[] controlAc, int[] controlAn, double[] assocP, double[] oddsRatio,
      Optional<RowKey> next, Object[] annotations, Optional<String> annotationSource) {
    this(rows, stats, caseControl, missing, hweP, f, caseAc, caseAn, controlAc, controlAn, assocP, oddsRatio, next,
        annotations, annotationSource, StatTexts.NONE);
  }

  /** As above; {@code texts} when the engine made the statistics' texts with it. */
  public AnalyticsAnswer(VariantAnswer rows, boolean stats, boolean caseControl, int[] missing, double[] hweP,
      double[] f, int[] caseAc, int[] caseAn, int[] controlAc, int[] controlAn, double[] assocP, double[] oddsRatio,
      Optional<RowKey> next, Object[] annotations, Optional<String> annotationSource, StatTexts texts) {
    this.texts = Objects.requireNonNull(texts);
    this.annotations = annotations;
    this.annotationSource = Objects.requireNonNull(annotationSource);
    this.rows = Objects.requireNonNull(rows);
    this.stats = stats;
    this.caseControl = caseControl;
    this.missing = missing;
    this.hweP = hweP;
    this.f = f;
    this.caseAc = caseAc;
    this.caseAn = caseAn;
    this.controlAc = controlAc;
    this.controlAn = controlAn;
    this.assocP = assocP;
    this.oddsRatio = oddsRatio;
    this.next = Objects.requireNonNull(next);
  }

  /** A page of rows without statistics (a cluster's merged page). */
  public static AnalyticsAnswer page(VariantAnswer rows, Optional<RowKey> next) {
    return new AnalyticsAnswer(rows, false, false, new int[0], new double[0], new double[0], new int[0],
        new int[0], new int[0], new int[0], new double[0], new double[0], next, new Object[rows.size()],
        Optional.empty());
  }

  /** The rows with their het, hom, AC and AN over the chosen samples. */
  public VariantAnswer rows() {
    return rows;
  }

  public int size() {
    return rows.size();
  }

  public boolean hasStats() {
    return stats;
  }

  public boolean hasCaseControl() {
    return caseControl;
  }

  /** Chosen samples whose call has a missing allele ({@code ./.}, {@code ./1}, {@code .}). */
  public int missing(int i) {
    return missing[i];
  }

  /** Hardy–Weinberg exact p over the chosen samples' complete diploid calls. */
  public double hweP(int i) {
    return hweP[i];
  }

  /** Inbreeding coefficient: 1 - observed / expected het among the complete diploid calls. */
  public double f(int i) {
    return f[i];
  }

  /**
   * Copies row {@code i}'s {@link #hweP} as the installed writer's text, made with the engine ({@link
   * TextRules#numberText}), into {@code dst} from {@code at} (which needs 24 bytes of room: up to seven bytes
   * past the text may be written) and returns where it ends; -1, writing nothing, when there is none (the
   * writer formats {@link #hweP} itself).
   */
  public int copyHweText(int i, byte[] dst, int at) {
    return texts.copyHweText(i, dst, at);
  }

  /** As {@link #copyHweText}, for {@link #f}. */
  public int copyFText(int i, byte[] dst, int at) {
    return texts.copyFText(i, dst, at);
  }

  public int caseAc(int i) {
    return caseAc[i];
  }

  public int caseAn(int i) {
    return caseAn[i];
  }

  public int controlAc(int i) {
    return controlAc[i];
  }

  public int controlAn(int i) {
    return controlAn[i];
  }

  /** Allelic chi-square p (1 df) of cases against controls. */
  public double assocP(int i) {
    return assocP[i];
  }

  /** Odds ratio of the ALT allele in cases against controls. */
  public double oddsRatio(int i) {
    return oddsRatio[i];
  }

  /**
   * The annotation entries of row {@code i} that passed the {@code csq.*} tests, each its consequence,
   * impact, symbol and biotype (null where absent); null when the query tested no annotation.
   */
  @SuppressWarnings("unchecked")
  public java.util.List<String[]> annotations(int i) {
    return (java.util.List<String[]>) annotations[i];
  }

  /**
   * The annotation the query's {@code csq.*} tests read: {@code CSQ} (VEP) or {@code ANN} (SnpEff); empty when
   * it tested none.
   */
  public Optional<String> annotationSource() {
    return annotationSource;
  }

  /**
   * The texts of rows' HWE p and F that the engine made with it, by the installed {@link TextRules#numberText}
   * (the whole cohort's statistics, made at load): what {@link #copyHweText} and {@link #copyFText} copy.
   */
  public interface StatTexts {
    /** No texts: the writer formats every number. */
    StatTexts NONE = new StatTexts() {
      @Override
      public int copyHweText(int i, byte[] dst, int at) {
        return -1;
      }

      @Override
      public int copyFText(int i, byte[] dst, int at) {
        return -1;
      }
    };

    /** As {@link AnalyticsAnswer#copyHweText}. */
    int copyHweText(int i, byte[] dst, int at);

    /** As {@link AnalyticsAnswer#copyFText}. */
    int copyFText(int i, byte[] dst, int at);
  }

  /** The last row of this page when more rows follow it (the {@code next} cursor's place). */
  public Optional<RowKey> next() {
    return next;
  }
}
