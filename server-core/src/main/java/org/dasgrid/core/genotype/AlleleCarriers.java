package org.dasgrid.core.genotype;

import java.util.Arrays;

/**
 * The samples of the whole cohort that carry one ALT allele of one site (by the rules of {@link org.dasgrid.core.genotype.internal.build.SiteCalls}):
 * het (one copy in a diploid call) and hom (only that allele), as sample numbers, ascending, disjoint.
 */
public record AlleleCarriers(int[] het, int[] hom) {
  public AlleleCarriers {
    het = het.clone();
    hom = hom.clone();
  }

  @Override
  public int[] het() {
    return het.clone();
  }

  @Override
  public int[] hom() {
    return hom.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof AlleleCarriers a && Arrays.equals(het, a.het) && Arrays.equals(hom, a.hom);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(het) + Arrays.hashCode(hom);
  }

  @Override
  public String toString() {
    return "AlleleCarriers[het=" + Arrays.toString(het) + ", hom=" + Arrays.toString(hom) + "]";
  }
}
