package org.dasgrid.perf.cohort;

import java.util.SplittableRandom;

/**
 * Allele frequencies drawn to match the 1000 Genomes phase 3 spectrum (2,504 samples): 76% of variants
 * below 0.5% (most of them singletons and doubletons, allele count ~ 1/k), 14% at 0.5–5%, 10% common
 * (log-uniform 5–50%, a fifth of them with the ALT as the major allele). That gives ~130 het or hom-alt
 * calls per variant for 2,504 samples, as 1000 Genomes has (about 4–5 million non-reference sites per
 * genome over 85 million variants).
 */
final class FrequencySpectrum {
  private final int chromosomes;

  /** @param samples the cohort size (diploid chromosomes = 2 × samples) */
  FrequencySpectrum(int samples) {
    this.chromosomes = Math.max(2, 2 * samples);
  }

  double draw(SplittableRandom rnd) {
    double u = rnd.nextDouble();
    if (u < 0.76) {
      int maxCount = Math.max(1, (int) (0.005 * chromosomes));
      int k = (int) Math.floor(Math.pow(maxCount + 1, rnd.nextDouble()));
      return Math.max(1, Math.min(k, maxCount)) / (double) chromosomes;
    }
    if (u < 0.90) {
      return logUniform(rnd, 0.005, 0.05);
    }
    double af = logUniform(rnd, 0.05, 0.5);
    return rnd.nextDouble() < 0.2 ? 1 - af : af;
  }

  /** A frequency for a second or third ALT allele: such alleles are rare. */
  double drawExtra(SplittableRandom rnd) {
    return rnd.nextDouble() < 0.8 ? Math.max(1.0 / chromosomes, logUniform(rnd, 0.5 / chromosomes, 0.005))
        : logUniform(rnd, 0.005, 0.05);
  }

  private static double logUniform(SplittableRandom rnd, double lo, double hi) {
    return Math.exp(Math.log(lo) + rnd.nextDouble() * (Math.log(hi) - Math.log(lo)));
  }
}
