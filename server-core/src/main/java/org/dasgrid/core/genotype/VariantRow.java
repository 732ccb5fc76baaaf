package org.dasgrid.core.genotype;

import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One ALT allele of a site (multi-allelic sites give one row per ALT, with the site's REF and ID) and its
 * counts over the chosen samples: het and hom-alt calls, alternate allele count and called allele number.
 */
public record VariantRow(
    String chrom, int pos, String ref, String alt, Optional<String> id, int het, int hom, int ac, int an) {

  /** {@code ac / an}, empty when no chosen sample has a called allele. */
  public OptionalDouble af() {
    return an == 0 ? OptionalDouble.empty() : OptionalDouble.of((double) ac / an);
  }
}
