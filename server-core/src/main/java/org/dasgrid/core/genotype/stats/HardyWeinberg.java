package org.dasgrid.core.genotype.stats;

/**
 * The exact test of Hardy–Weinberg equilibrium of Wigginton, Cutler and Abecasis (Am J Hum Genet 2005;
 * 76:887–893), the test of {@code plink --hardy} and {@code bcftools +fill-tags -t HWE}: given the
 * genotype counts of one biallelic variant, the probability of a het count at least as unlikely as the one
 * observed, given the allele counts. The het-count probabilities are computed relative to the most likely
 * one by the paper's recurrences (no factorials, no overflow; far tails underflow to 0 harmlessly), in a
 * scratch array reused from call to call: one instance per thread.
 */
public final class HardyWeinberg {
  /** Probabilities within this relative distance of the observed one count as equal (rounding of the recurrences). */
  private static final double TIE = 1 + 1e-10;
  private double[] p = new double[64];

  /**
   * The exact p-value for {@code het} heterozygotes and {@code homA}, {@code homB} homozygotes of the two
   * alleles; {@code NaN} when there are no genotypes.
   */
  public double pValue(int het, int homA, int homB) {
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

  /**
   * Whether {@link #pValue} of these counts is surely above {@code limit}, told cheaply when it is far above:
   * the p-value's sum includes the observed term, and the whole distribution has at most K = rare/2 + 1 terms,
   * none above the mode's, so p &ge; P(observed) / (K &middot; P(mode)). Walks the recurrences from the expected
   * het count towards the observed one only (and past it to the mode), and gives up (false) as soon as the
   * falling terms show the bound cannot clear {@code limit}: a top-N by HWE p skips, with it, the exact test of
   * rows that cannot enter, which near equilibrium are nearly all of them. False means "not known", never "below".
   */
  public boolean surelyAbove(int het, int homA, int homB, double limit) {
    int n = het + homA + homB;
    if (n == 0 || !(limit < 1)) {
      return false; // NaN is never above; nothing is above 1
    }
    int rare = 2 * Math.min(homA, homB) + het;
    if (rare == 0) {
      return true; // p = 1
    }
    int mid = (int) ((long) rare * (2L * n - rare) / (2L * n));
    if ((mid & 1) != (rare & 1)) {
      mid++;
    }
    double k = rare / 2 + 1;
    // rounding in the recurrences is ~1e-13 relative: demand a clear margin
    double need = limit * k * (1 + 1e-9);
    int rareHom = (rare - mid) / 2;
    int commonHom = n - mid - rareHom;
    // the mode: from mid, climb while the next term (towards either side) is larger
    double max = 1;
    double up = 1;
    for (int h = mid, rh = rareHom, ch = commonHom; h <= rare - 2; h += 2, rh--, ch--) {
      double next = up * 4.0 * rh * ch / ((h + 2.0) * (h + 1.0));
      if (next <= up) {
        break;
      }
      up = next;
    }
    double down = 1;
    for (int h = mid, rh = rareHom, ch = commonHom; h >= 2; h -= 2, rh++, ch++) {
      double next = down * h * (h - 1.0) / (4.0 * (rh + 1) * (ch + 1));
      if (next <= down) {
        break;
      }
      down = next;
    }
    max = Math.max(max, Math.max(up, down));
    // the observed term, relative to mid's
    double term = 1;
    if (het > mid) {
      for (int h = mid, rh = rareHom, ch = commonHom; h < het; h += 2, rh--, ch--) {
        double next = term * 4.0 * rh * ch / ((h + 2.0) * (h + 1.0));
        if (next < term && next < need * max) {
          return false; // falling and already too small: the rest only falls further
        }
        term = next;
      }
    } else {
      for (int h = mid, rh = rareHom, ch = commonHom; h > het; h -= 2, rh++, ch++) {
        double next = term * h * (h - 1.0) / (4.0 * (rh + 1) * (ch + 1));
        if (next < term && next < need * max) {
          return false;
        }
        term = next;
      }
    }
    return term > need * max;
  }
}
