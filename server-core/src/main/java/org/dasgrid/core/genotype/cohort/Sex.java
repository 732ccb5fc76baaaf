package org.dasgrid.core.genotype.cohort;

import java.util.Locale;
import java.util.Optional;

/** A sample's sex as a sheet declares it or a sex check infers it. */
public enum Sex {
  MALE,
  FEMALE,
  UNKNOWN;

  /** The lower-case name used in the API. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * A sheet's sex code: PLINK's {@code 1}/{@code 2}/{@code 0}, or {@code male}/{@code female}/{@code m}/{@code
   * f}/{@code unknown}/{@code NA}/{@code .}/{@code -9} (any case); empty for anything else.
   */
  public static Optional<Sex> parse(String code) {
    return switch (code.strip().toLowerCase(Locale.ROOT)) {
      case "1", "m", "male" -> Optional.of(MALE);
      case "2", "f", "female" -> Optional.of(FEMALE);
      case "0", "-9", "u", "unknown", "na", ".", "" -> Optional.of(UNKNOWN);
      default -> Optional.empty();
    };
  }
}
