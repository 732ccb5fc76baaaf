package org.dasgrid.core.cluster;

import java.util.List;
import java.util.OptionalInt;
import org.dasgrid.core.genotype.Zygosity;
import org.dasgrid.core.segment.Segment;

/**
 * A genotype query as one node is asked it: segments on contigs that node holds (canonical names), the
 * zygosity, the virtual cohort by sample number (or everyone), the node's limit, and, for counts, whether to
 * send the carriers' numbers so that several nodes' counts can be united.
 */
public record GenotypeCall(
    List<Segment> segments, Zygosity zygosity, boolean allSamples, List<Integer> samples, OptionalInt limit,
    boolean withCarriers) {
  public GenotypeCall {
    segments = List.copyOf(segments);
    samples = List.copyOf(samples);
  }

  public GenotypeCall withSegments(List<Segment> only) {
    return new GenotypeCall(only, zygosity, allSamples, samples, limit, withCarriers);
  }

  public GenotypeCall withCarriers(boolean carriers) {
    return new GenotypeCall(segments, zygosity, allSamples, samples, limit, carriers);
  }
}
