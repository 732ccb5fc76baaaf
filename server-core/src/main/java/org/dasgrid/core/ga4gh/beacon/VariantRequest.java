package org.dasgrid.core.ga4gh.beacon;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A {@code /g_variants} query, from GET parameters or a POST body. Positions are Beacon's: 0-based, {@code end}
 * exclusive. {@code start}/{@code end} hold one value (a position or a range) or two (a bracket: min and max,
 * both inclusive) or none. {@code parameters} is the query's {@code requestParameters} as received, echoed
 * in the answer's {@code receivedRequestSummary}.
 */
public record VariantRequest(
    Optional<String> referenceName,
    List<Integer> start,
    List<Integer> end,
    Optional<String> referenceBases,
    Optional<String> alternateBases,
    Optional<String> variantType,
    OptionalInt minLength,
    OptionalInt maxLength,
    Optional<String> geneId,
    Optional<String> assemblyId,
    List<String> datasetIds,
    Granularity granularity,
    ResultsetScope scope,
    int skip,
    int limit,
    boolean testMode,
    ObjectNode parameters) {

  public VariantRequest {
    start = List.copyOf(start);
    end = List.copyOf(end);
    datasetIds = List.copyOf(datasetIds);
    Objects.requireNonNull(granularity, "granularity");
    Objects.requireNonNull(scope, "scope");
    parameters = parameters.deepCopy();
  }

  /** The query kinds Beacon defines by their parameters. */
  public enum Kind {
    /** No position: every variant of the datasets, or of one reference. */
    ALL,
    /** {@code start} alone: the variants starting there (a sequence query when bases are given too). */
    POSITION,
    /** {@code start} and {@code end}: the variants overlapping {@code [start, end)}. */
    RANGE,
    /** {@code start=min,max} and {@code end=min,max}: variants starting and ending within the brackets. */
    BRACKET
  }

  public Kind kind() {
    if (start.isEmpty()) {
      return Kind.ALL;
    }
    if (start.size() == 2) {
      return Kind.BRACKET;
    }
    return end.isEmpty() ? Kind.POSITION : Kind.RANGE;
  }

  VariantRequest withGranularity(Granularity g) {
    return new VariantRequest(referenceName, start, end, referenceBases, alternateBases, variantType, minLength,
        maxLength, geneId, assemblyId, datasetIds, g, scope, skip, limit, testMode, parameters);
  }

  /** Whether a variant's bases, type or length must be looked at (beyond where it is). */
  boolean filtersAlleles() {
    return referenceBases.isPresent() || alternateBases.isPresent() || variantType.isPresent()
        || minLength.isPresent() || maxLength.isPresent();
  }
}
