package org.dasgrid.core.api.cohort;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.dasgrid.core.api.genotype.SampleChoice;
import org.dasgrid.core.arguments.QueryArguments;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.genotype.CallReader;
import org.dasgrid.core.genotype.cohort.SampleCounts;
import org.dasgrid.core.genotype.cohort.SampleSheet;
import org.dasgrid.core.segment.Segment;

/**
 * Per variant, AC, AN and AF in each group of the sample sheet ({@code /genotypes/{source}/strata}: by
 * population, superpopulation, sex or a column of the sheet).
 */
final class StrataEndpoint implements CohortEndpoint {
  static final String PATH = "strata";

  @Override
  public String path() {
    return PATH;
  }

  @Override
  public CohortApi.Answer answer(QueryArguments args, byte[] body, CohortApi.Context ctx, CallReader reader) {
    CohortArguments a = new CohortArguments(args, PATH, Set.of("segment", "by", "limit", "samples"));
    List<Segment> segments = a.requiredSegments(ctx);
    SampleSheet sheet = ctx.sheet().orElseThrow(() -> RequestException.badArgument(
        "strata needs a sample sheet (samples: in the source's config)"));
    List<String> keys = new ArrayList<>();
    for (String by : a.single("by").orElse("population").split(",")) {
      String k = by.strip();
      if (!sheet.hasGroupKey(k)) {
        throw RequestException.badArgument("by=%s: not a group of the sheet; use %s", SampleChoice.shorten(k),
            String.join(", ", sheetKeys(sheet)));
      }
      keys.add(k);
    }
    int[] within = a.samples(ctx);
    int limit = a.whole("limit", ctx.maxRows(), Integer.MAX_VALUE);
    List<SampleCounts.Group> groups = new ArrayList<>();
    java.util.Set<Integer> chosen = new java.util.HashSet<>();
    for (int s : within) {
      chosen.add(s);
    }
    for (String k : keys) {
      for (String v : sheet.values(k)) {
        int[] members = sheet.members(k, v).stream().map(ctx.engine()::sampleNumber)
            .filter(java.util.OptionalInt::isPresent).mapToInt(java.util.OptionalInt::getAsInt)
            .filter(chosen::contains).sorted().toArray();
        if (members.length > 0) {
          groups.add(new SampleCounts.Group(k, v, members));
        }
      }
    }
    SampleCounts.StrataResult r = SampleCounts.strata(ctx.engine(), reader, segments, groups, limit);
    return ListAnswer.of("variants", r.rows(), (g, row) -> {
      ListAnswer.variant(g, row.contig(), row.pos(), row.id(), row.ref(), row.alt());
      g.writeObjectFieldStart("strata");
      for (int i = 0; i < groups.size(); i++) {
        SampleCounts.Group gr = groups.get(i);
        g.writeObjectFieldStart(gr.key() + ":" + gr.value());
        g.writeNumberField("ac", row.ac()[i]);
        g.writeNumberField("an", row.an()[i]);
        ListAnswer.number(g, "af", row.an()[i] == 0 ? Double.NaN : (double) row.ac()[i] / row.an()[i]);
        g.writeEndObject();
      }
      g.writeEndObject();
    }).head(g -> {
      g.writeArrayFieldStart("groups");
      for (SampleCounts.Group gr : groups) {
        g.writeStartObject();
        g.writeStringField("by", gr.key());
        g.writeStringField("group", gr.value());
        g.writeNumberField("samples", gr.members().length);
        g.writeEndObject();
      }
      g.writeEndArray();
    }).tail(g -> {
      g.writeNumberField("count", r.rows().size());
      g.writeBooleanField("truncated", r.truncated());
    });
  }

  private static List<String> sheetKeys(SampleSheet sheet) {
    List<String> k = new ArrayList<>(SampleSheet.BUILT_IN_KEYS);
    k.addAll(sheet.groupColumns());
    return k;
  }
}
