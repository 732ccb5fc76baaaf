package org.dasgrid.core.genotype.api;

import java.util.Optional;

/**
 * The sample-level genotype queries beside {@link GenotypeEndpoint}'s three: {@code
 * /genotypes/{source}/sex-check|kinship|score|inheritance|hom-ref|sample-counts|strata}. Answered by {@link
 * CohortApi}.
 */
public enum CohortEndpoint {
  SEX_CHECK("sex-check"),
  KINSHIP("kinship"),
  SCORE("score"),
  INHERITANCE("inheritance"),
  HOM_REF("hom-ref"),
  SAMPLE_COUNTS("sample-counts"),
  STRATA("strata");

  private final String path;

  CohortEndpoint(String path) {
    this.path = path;
  }

  public String path() {
    return path;
  }

  /** Whether the endpoint takes a POSTed body of its own (not a form): {@code score}'s weights. */
  public boolean readsBody() {
    return this == SCORE;
  }

  public static Optional<CohortEndpoint> named(String path) {
    for (CohortEndpoint e : values()) {
      if (e.path.equals(path)) {
        return Optional.of(e);
      }
    }
    return Optional.empty();
  }
}
