package org.dasgrid.core.api.cohort;

import java.util.List;
import java.util.Set;
import org.dasgrid.core.arguments.QueryArguments;
import org.dasgrid.core.genotype.CallReader;
import org.dasgrid.core.genotype.cohort.SampleCounts;
import org.dasgrid.core.segment.Segment;

/**
 * Per chosen sample its hom-ref, het, hom-alt and missing calls over the segments' variants ({@code
 * /genotypes/{source}/sample-counts}), a page of samples at a time.
 */
final class SampleCountsEndpoint implements CohortEndpoint {
  static final String PATH = "sample-counts";

  @Override
  public String path() {
    return PATH;
  }

  @Override
  public CohortApi.Answer answer(QueryArguments args, byte[] body, CohortApi.Context ctx, CallReader reader) {
    CohortArguments a = new CohortArguments(args, PATH, Set.of("samples", "segment", "limit", "offset"));
    List<Segment> segments = a.requiredSegments(ctx);
    int[] samples = a.samples(ctx);
    int offset = a.whole("offset", 0, Integer.MAX_VALUE);
    int limit = a.whole("limit", ctx.maxRows(), Integer.MAX_VALUE);
    int from = Math.min(offset, samples.length);
    int to = (int) Math.min(samples.length, (long) from + limit);
    int[] page = java.util.Arrays.copyOfRange(samples, from, to);
    SampleCounts.PerSample c = SampleCounts.perSample(ctx.engine(), reader, segments, page);
    List<String> cohort = ctx.engine().sampleNames();
    ListAnswer.Fields variants = g -> g.writeNumberField("variants", c.rows());
    return ListAnswer.of("samples", java.util.stream.IntStream.range(0, page.length).boxed().toList(), (g, i) -> {
      g.writeStringField("sample", cohort.get(page[i]));
      g.writeNumberField("hom_ref", c.homRef()[i]);
      g.writeNumberField("het", c.het()[i]);
      g.writeNumberField("hom", c.hom()[i]);
      g.writeNumberField("missing", c.missing()[i]);
    }).head(variants).closing(variants).tail(g -> {
      g.writeNumberField("total", samples.length);
      g.writeNumberField("offset", from);
      if (to < samples.length) {
        g.writeNumberField("next_offset", to);
      }
    });
  }
}
