package org.dasgrid.core.genotype;

import java.util.Objects;

/**
 * An INFO field as the VCF header declares it: its key, type, Number ({@code A} one value per ALT, {@code R}
 * per allele, {@code 1}, {@code .} ...) and description (where VEP and SnpEff say the layout of {@code CSQ} and
 * {@code ANN}).
 */
public record InfoField(String key, Type type, String number, String description) {
  /** The VCF INFO types. */
  public enum Type {
    INTEGER,
    FLOAT,
    FLAG,
    CHARACTER,
    STRING;

    public boolean numeric() {
      return this == INTEGER || this == FLOAT;
    }
  }

  public InfoField {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(number, "number");
    description = description == null ? "" : description;
  }
}
