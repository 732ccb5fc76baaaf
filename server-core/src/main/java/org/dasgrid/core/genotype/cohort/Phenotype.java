package org.dasgrid.core.genotype.cohort;

import java.util.Locale;
import java.util.Optional;

/** A sample's affection status (PLINK's binary phenotype). */
public enum Phenotype {
  AFFECTED,
  UNAFFECTED,
  UNKNOWN;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * PLINK's codes {@code 2} (affected), {@code 1} (unaffected), {@code 0}/{@code -9} (missing), or the words
   * {@code affected}/{@code case}, {@code unaffected}/{@code control}, {@code unknown}/{@code NA}/{@code .}.
   */
  public static Optional<Phenotype> parse(String code) {
    return switch (code.strip().toLowerCase(Locale.ROOT)) {
      case "2", "affected", "case" -> Optional.of(AFFECTED);
      case "1", "unaffected", "control" -> Optional.of(UNAFFECTED);
      case "0", "-9", "unknown", "na", ".", "" -> Optional.of(UNKNOWN);
      default -> Optional.empty();
    };
  }
}
