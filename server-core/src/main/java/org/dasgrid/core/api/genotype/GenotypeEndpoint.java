package org.dasgrid.core.api.genotype;

import java.util.Optional;

/** The three genotype queries: {@code /genotypes/{source}/variants|samples|count}. */
public enum GenotypeEndpoint {
  VARIANTS("variants"),
  SAMPLES("samples"),
  COUNT("count");

  private final String path;

  GenotypeEndpoint(String path) {
    this.path = path;
  }

  public String path() {
    return path;
  }

  public static Optional<GenotypeEndpoint> named(String path) {
    for (GenotypeEndpoint e : values()) {
      if (e.path.equals(path)) {
        return Optional.of(e);
      }
    }
    return Optional.empty();
  }
}
