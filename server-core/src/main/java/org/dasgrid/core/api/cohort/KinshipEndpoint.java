package org.dasgrid.core.api.cohort;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import org.dasgrid.core.arguments.QueryArguments;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.genotype.CallReader;
import org.dasgrid.core.genotype.cohort.Assembly;
import org.dasgrid.core.genotype.cohort.Kinship;
import org.dasgrid.core.segment.Segment;

/**
 * KING-robust kinship of the chosen samples' pairs ({@code /genotypes/{source}/kinship}), with IBS0, the het-het
 * share, the variants compared and the degree of relationship.
 */
final class KinshipEndpoint implements CohortEndpoint {
  static final String PATH = "kinship";

  /** KING-robust's degree boundaries (Manichaikul et al. 2010): 2^-1.5, 2^-2.5, 2^-3.5, 2^-4.5. */
  private static final double[] DEGREE_FLOORS = {0.354, 0.177, 0.0884, 0.0442};

  @Override
  public String path() {
    return PATH;
  }

  @Override
  public CohortApi.Answer answer(QueryArguments args, byte[] body, CohortApi.Context ctx, CallReader reader) {
    CohortArguments a = new CohortArguments(args, PATH, Set.of("samples", "segment", "min_kinship", "limit"));
    int max = Integer.parseInt(ctx.options().getOrDefault("maxKinshipSamples", "500"));
    int[] samples = a.samples(ctx);
    if (samples.length < 2) {
      throw RequestException.badArgument("kinship needs at least two samples (samples=A,B)");
    }
    if (samples.length > max) {
      throw RequestException.tooLarge("kinship of %d samples asked; at most %d at once (options.maxKinshipSamples)",
          samples.length, max);
    }
    List<Segment> segments = a.segments(ctx.source(), ctx.maxSegments());
    if (segments.isEmpty()) {
      // KING reads the autosomes only: the scan need not visit the other contigs' rows at all
      segments = ctx.engine().contigs().stream().filter(Assembly::isAutosome)
          .map(c -> new Segment(c, 1, Integer.MAX_VALUE)).toList();
    }
    double min = a.number("min_kinship", -10, 1).orElse(Double.NEGATIVE_INFINITY);
    int limit = a.whole("limit", Integer.MAX_VALUE, Integer.MAX_VALUE);
    List<Kinship.Pair> pairs = new ArrayList<>(Kinship.pairs(ctx.engine(), reader, segments, samples));
    if (a.single("min_kinship").isPresent()) {
      pairs.removeIf(p -> !(p.kinship() >= min));
      pairs.sort(Comparator.comparingDouble(Kinship.Pair::kinship).reversed());
    }
    List<Kinship.Pair> shown = pairs.size() > limit ? pairs.subList(0, limit) : pairs;
    return ListAnswer.of("pairs", shown, (g, p) -> {
      g.writeStringField("a", p.a());
      g.writeStringField("b", p.b());
      ListAnswer.number(g, "kinship", p.kinship());
      ListAnswer.number(g, "ibs0", p.ibs0());
      ListAnswer.number(g, "hethet", p.hethet());
      g.writeNumberField("variants", p.variants());
      g.writeNumberField("degree", degree(p.kinship()));
    }).head(g -> g.writeNumberField("samples", samples.length))
        .tail(g -> g.writeNumberField("count", pairs.size()));
  }

  /** 0 for duplicates/monozygotic twins, 1-3 for first- to third-degree relatives, -1 for unrelated. */
  static int degree(double kinship) {
    for (int d = 0; d < DEGREE_FLOORS.length; d++) {
      if (kinship > DEGREE_FLOORS[d]) {
        return d;
      }
    }
    return -1;
  }
}
