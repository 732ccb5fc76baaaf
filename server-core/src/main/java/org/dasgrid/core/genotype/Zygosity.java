package org.dasgrid.core.genotype;

import java.util.Locale;
import java.util.Optional;

/**
 * Which calls a query asks for: {@code HET}, one copy of the ALT allele in a diploid call; {@code HOM}, only
 * that ALT allele (two copies, or one in a haploid call); {@code ANY}, either.
 */
public enum Zygosity {
  HET,
  HOM,
  ANY;

  public boolean includesHet() {
    return this != HOM;
  }

  public boolean includesHom() {
    return this != HET;
  }

  /** The zygosity named {@code het}, {@code hom} or {@code any} (any case). */
  public static Optional<Zygosity> named(String name) {
    return switch (name.toLowerCase(Locale.ROOT)) {
      case "het" -> Optional.of(HET);
      case "hom" -> Optional.of(HOM);
      case "any" -> Optional.of(ANY);
      default -> Optional.empty();
    };
  }

  /** The lower-case name used in the API. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
