package org.dasgrid.perf.cohort;

import java.util.SplittableRandom;

/**
 * Allele frequencies of a biobank-scale cohort (100,000s of sequenced samples): most ALT alleles are carried by
 * a handful of samples. 90% get an exact allele count k with P(K >= k) = 1/k (half singletons, a sixth
 * doubletons: the 1/k spectrum of {@link FrequencySpectrum}, but counted in the cohort rather than scaled to
 * 2,504 samples), at most 0.1% of the chromosomes; 8% are low-frequency (log-uniform 0.1-5%); 2% common
 * (log-uniform 5-50%, a fifth with the ALT as the major allele). An average ALT allele then has ~1% of the
 * samples as carriers (most non-ref calls on the few common rows), as the first biobank cohorts had (208 M
 * non-ref calls over 208,000 ALT rows at 100,000 samples).
 */
final class BiobankSpectrum {
  /** One ALT allele: an exact allele count ({@code count > 0}, placed as het or haploid calls) or a frequency. */
  record Allele(int count, double frequency) {}

  private final int maxCount;

  /** @param chromosomes the cohort's chromosomes at a diploid site (2 × samples) */
  BiobankSpectrum(long chromosomes) {
    this.maxCount = (int) Math.max(1, Math.round(0.001 * chromosomes));
  }

  /** A record's first ALT allele. */
  Allele draw(SplittableRandom rnd) {
    double u = rnd.nextDouble();
    if (u < 0.90) {
      return new Allele(rareCount(rnd), 0);
    }
    if (u < 0.98) {
      return new Allele(0, logUniform(rnd, 0.001, 0.05));
    }
    double af = logUniform(rnd, 0.05, 0.5);
    return new Allele(0, rnd.nextDouble() < 0.2 ? 1 - af : af);
  }

  /** A second or third ALT allele: rarer still (80% an exact count, else 0.1-2%). */
  Allele drawExtra(SplittableRandom rnd) {
    return rnd.nextDouble() < 0.8 ? new Allele(rareCount(rnd), 0) : new Allele(0, logUniform(rnd, 0.001, 0.02));
  }

  /** k with P(K >= k) = 1/k, capped at {@code maxCount}. */
  private int rareCount(SplittableRandom rnd) {
    double k = Math.floor(1 / (1 - rnd.nextDouble()));
    return (int) Math.min(k, maxCount);
  }

  private static double logUniform(SplittableRandom rnd, double lo, double hi) {
    return Math.exp(Math.log(lo) + rnd.nextDouble() * (Math.log(hi) - Math.log(lo)));
  }
}
