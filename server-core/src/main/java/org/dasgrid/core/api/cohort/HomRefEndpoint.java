package org.dasgrid.core.api.cohort;

import java.util.List;
import java.util.Set;
import org.dasgrid.core.arguments.QueryArguments;
import org.dasgrid.core.genotype.CallReader;
import org.dasgrid.core.genotype.cohort.SampleCounts;
import org.dasgrid.core.segment.Segment;

/**
 * Per variant of the segments, the chosen samples called hom-ref there ({@code /genotypes/{source}/hom-ref}).
 */
final class HomRefEndpoint implements CohortEndpoint {
  static final String PATH = "hom-ref";

  @Override
  public String path() {
    return PATH;
  }

  @Override
  public CohortApi.Answer answer(QueryArguments args, byte[] body, CohortApi.Context ctx, CallReader reader) {
    CohortArguments a = new CohortArguments(args, PATH, Set.of("samples", "segment", "limit", "names"));
    List<Segment> segments = a.requiredSegments(ctx);
    int[] samples = a.samples(ctx);
    boolean names = a.bool("names", true);
    int limit = a.whole("limit", ctx.maxRows(), Integer.MAX_VALUE);
    SampleCounts.HomRefResult r = SampleCounts.homRef(ctx.engine(), reader, segments, samples, limit);
    List<String> cohort = ctx.engine().sampleNames();
    return ListAnswer.of("variants", r.rows(), (g, row) -> {
      ListAnswer.variant(g, row.contig(), row.pos(), row.id(), row.ref(), row.alt());
      g.writeNumberField("hom_ref", row.homRef().length);
      g.writeNumberField("missing", row.missing());
      if (names) {
        g.writeArrayFieldStart("samples");
        for (int s : row.homRef()) {
          g.writeString(cohort.get(s));
        }
        g.writeEndArray();
      }
    }).tail(g -> {
      g.writeNumberField("count", r.rows().size());
      g.writeBooleanField("truncated", r.truncated());
    });
  }
}
