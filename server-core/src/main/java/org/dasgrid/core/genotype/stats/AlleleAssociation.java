package org.dasgrid.core.genotype.stats;

import org.apache.commons.math3.special.Erf;

/**
 * The allelic association test of {@code plink --assoc}: Pearson's chi-square (1 df, no continuity
 * correction) on the 2×2 table of ALT and other alleles in cases and controls, and the odds ratio of the ALT
 * allele. The tail of chi-square with 1 df is {@code erfc(sqrt(x / 2))}, exact even far out where {@code 1 -
 * cdf} would round to 0.
 */
public final class AlleleAssociation {
  private AlleleAssociation() {}

  /** The chi-square p-value; {@code NaN} when a row or column of the table is empty. */
  public static double pValue(int caseAlt, int caseOther, int controlAlt, int controlOther) {
    double a = caseAlt;
    double b = caseOther;
    double c = controlAlt;
    double d = controlOther;
    double n = a + b + c + d;
    double rows = (a + b) * (c + d);
    double cols = (a + c) * (b + d);
    if (rows == 0 || cols == 0) {
      return Double.NaN;
    }
    double diff = a * d - b * c;
    double chi2 = n * diff * diff / (rows * cols);
    return Erf.erfc(Math.sqrt(chi2 / 2));
  }

  /** {@code (caseAlt × controlOther) / (caseOther × controlAlt)}; {@code NaN} when undefined or infinite. */
  public static double oddsRatio(int caseAlt, int caseOther, int controlAlt, int controlOther) {
    double den = (double) caseOther * controlAlt;
    if (den == 0) {
      return Double.NaN;
    }
    return (double) caseAlt * controlOther / den;
  }
}
