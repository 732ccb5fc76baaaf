package org.dasgrid.core.genotype;

/**
 * The exact test of Hardy–Weinberg equilibrium of Wigginton, Cutler and Abecasis (Am J Hum Genet 2005;
 * 76:887–893), the test of {@code plink --hardy} and {@code bcftools +fill-tags -t HWE}: given the
 * genotype counts of one biallelic variant, the probability of a het count at least as unlikely as the one
 * observed, given the allele counts. The het-count probabilities are computed relative to the most likely
 * one by the paper's recurrences (no factorials, no overflow; far tails underflow to 0 harmlessly), in a
 * scratch array reused from call to call: one instance per thread.
 */
final class HardyWeinberg {
  /** Probabilities within this relative distance of the observed one count as equal (rounding of the recurrences). */
  private static final double TIE = 1 + 1e-10;
  private double[] p = new double[64];

  /**
   * The exact p-value for {@code het} heterozygotes and {@code homA}, {@code homB} homozygotes of the two
   * alleles; {@code NaN} when there are no genotypes.
   */
  double pValue(int het, int homA, int homB) {
    int n = het + homA + homB;
    if (n == 0) {
      return Double.NaN;
    }
    int rare = 2 * Math.min(homA, homB) + het; // copies of the rarer allele
    if (rare == 0) {
      return 1;
    }
    if (p.length < rare + 1) {
      p = new double[Math.max(rare + 1, 2 * p.length)];
    }
    // the most likely het count, of the same parity as the rare allele count
    int mid = (int) ((long) rare * (2L * n - rare) / (2L * n));
    if ((mid & 1) != (rare & 1)) {
      mid++;
    }
    p[mid] = 1;
    double sum = 1;
    int rareHom = (rare - mid) / 2;
    int commonHom = n - mid - rareHom;
    for (int h = mid; h >= 2; h -= 2) {
      p[h - 2] = p[h] * h * (h - 1.0) / (4.0 * (rareHom + 1) * (commonHom + 1));
      sum += p[h - 2];
      rareHom++;
      commonHom++;
    }
    rareHom = (rare - mid) / 2;
    commonHom = n - mid - rareHom;
    for (int h = mid; h <= rare - 2; h += 2) {
      p[h + 2] = p[h] * 4.0 * rareHom * commonHom / ((h + 2.0) * (h + 1.0));
      sum += p[h + 2];
      rareHom--;
      commonHom--;
    }
    double observed = p[het] * TIE;
    double tail = 0;
    for (int h = rare & 1; h <= rare; h += 2) {
      if (p[h] <= observed) {
        tail += p[h];
      }
    }
    return Math.min(1, tail / sum);
  }
}
