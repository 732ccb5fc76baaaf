package org.dasgrid.core.api.cohort;

import java.util.Optional;
import org.dasgrid.core.arguments.QueryArguments;
import org.dasgrid.core.genotype.CallReader;

/**
 * One sample-level genotype query beside the three of {@link org.dasgrid.core.api.genotype.GenotypeEndpoint}:
 * {@code /genotypes/{source}/sex-check|kinship|score|inheritance|hom-ref|sample-counts|strata}, each a class of
 * its own that reads its arguments, runs the cohort computation and shapes its answer. Found and run through
 * {@link CohortApi}.
 */
public interface CohortEndpoint {
  /** The path after {@code /genotypes/{source}/}. */
  String path();

  /** Whether the endpoint takes a POSTed body of its own (not a form): {@code score}'s weights. */
  default boolean readsBody() {
    return false;
  }

  /**
   * Reads the arguments (and {@code body}, for an endpoint that {@link #readsBody}), runs the query on an engine
   * that reads calls, and returns the answer; a mistake of the request is a {@link
   * org.dasgrid.core.error.RequestException} thrown before any byte is written.
   */
  CohortApi.Answer answer(QueryArguments args, byte[] body, CohortApi.Context ctx, CallReader reader);

  /** The endpoint answering {@code /genotypes/{source}/PATH}, if one does. */
  static Optional<CohortEndpoint> named(String path) {
    return CohortApi.endpoint(path);
  }
}
