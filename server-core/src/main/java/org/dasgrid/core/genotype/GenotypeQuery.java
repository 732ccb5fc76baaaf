package org.dasgrid.core.genotype;

import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import org.dasgrid.core.segment.Segment;

/**
 * One genotype query: the segments (on the source's canonical reference names; overlapping or repeated
 * segments count once), the zygosity asked for, the samples counted, and an optional cap on the answer.
 */
public record GenotypeQuery(List<Segment> segments, Zygosity zygosity, SampleSelection samples, OptionalInt limit) {
  public GenotypeQuery {
    segments = List.copyOf(segments);
    Objects.requireNonNull(zygosity, "zygosity");
    Objects.requireNonNull(samples, "samples");
    Objects.requireNonNull(limit, "limit");
    if (limit.isPresent() && limit.getAsInt() < 0) {
      throw new IllegalArgumentException("limit " + limit.getAsInt() + " < 0");
    }
  }

  public int limitOrMax() {
    return limit.orElse(Integer.MAX_VALUE);
  }
}
