package org.dasgrid.core.genotype.cohort;

import java.util.Locale;
import java.util.Optional;

/**
 * How a sample's effect-allele copies become the dose a polygenic score weighs (plink 1.9's {@code --score}
 * models): additive (0/1/2 copies), dominant (1 if any copy), recessive (1 if every called allele is the effect
 * allele); and the dose a missing call is given under mean imputation, from the effect allele's frequency.
 */
public enum DoseModel {
  ADDITIVE,
  DOMINANT,
  RECESSIVE;

  public static Optional<DoseModel> named(String name) {
    return switch (name.toLowerCase(Locale.ROOT)) {
      case "additive" -> Optional.of(ADDITIVE);
      case "dominant" -> Optional.of(DOMINANT);
      case "recessive" -> Optional.of(RECESSIVE);
      default -> Optional.empty();
    };
  }

  /** The dose of a call with {@code effect} copies of the effect allele among {@code called} alleles. */
  int dose(int effect, int called) {
    return switch (this) {
      case ADDITIVE -> effect;
      case DOMINANT -> effect > 0 ? 1 : 0;
      case RECESSIVE -> effect == called ? 1 : 0;
    };
  }

  /** The expected dose of a diploid call when the effect allele has frequency {@code freq}. */
  double expected(double freq) {
    return switch (this) {
      case ADDITIVE -> 2 * freq;
      case DOMINANT -> 1 - (1 - freq) * (1 - freq);
      case RECESSIVE -> freq * freq;
    };
  }
}
