package org.dasgrid.core.genotype.stats;

/** The inbreeding coefficient F of one variant from its diploid genotype counts: 1 - observed / expected het. */
public final class Inbreeding {
  private Inbreeding() {}

  /** 1 - observed / expected het (2pqN), from the genotype counts; NaN for none or a monomorphic variant. */
  public static double f(int het, int homRef, int homAlt) {
    double n = het + homRef + homAlt;
    if (n == 0) {
      return Double.NaN;
    }
    double p = (2.0 * homRef + het) / (2 * n);
    double expected = 2 * p * (1 - p) * n;
    return expected == 0 ? Double.NaN : 1 - het / expected;
  }
}
