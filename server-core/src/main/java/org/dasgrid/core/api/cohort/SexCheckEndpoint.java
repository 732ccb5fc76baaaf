package org.dasgrid.core.api.cohort;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.dasgrid.core.api.genotype.SampleChoice;
import org.dasgrid.core.arguments.QueryArguments;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.genotype.CallReader;
import org.dasgrid.core.genotype.cohort.Assembly;
import org.dasgrid.core.genotype.cohort.SexCheck;

/**
 * The sex check ({@code /genotypes/{source}/sex-check}): each sample's inbreeding F over chrX outside the
 * pseudo-autosomal regions, the sex it infers by PLINK's thresholds, and whether the sample sheet declares another.
 */
final class SexCheckEndpoint implements CohortEndpoint {
  static final String PATH = "sex-check";

  @Override
  public String path() {
    return PATH;
  }

  @Override
  public CohortApi.Answer answer(QueryArguments args, byte[] body, CohortApi.Context ctx, CallReader reader) {
    CohortArguments a = new CohortArguments(args, PATH, Set.of("samples", "female", "male", "assembly"));
    double female = a.number("female", 0, 1).orElse(SexCheck.Thresholds.PLINK.female());
    double male = a.number("male", 0, 1).orElse(SexCheck.Thresholds.PLINK.male());
    if (female > male) {
      throw RequestException.badArgument("female=%s is above male=%s: F below female infers female, above male "
          + "male", female, male);
    }
    String x = ctx.engine().contigs().stream().filter(Assembly::isX).findFirst().orElseThrow(() ->
        RequestException.badArgument("sex-check needs chrX (X, chrX or 23), and this source has none"));
    Assembly assembly = assembly(a, ctx, x);
    int[] samples = a.samples(ctx);
    List<SexCheck.Result> results = SexCheck.run(ctx.engine(), reader, List.of(assembly.nonPar(x)), samples,
        ctx.sheet(), new SexCheck.Thresholds(female, male));
    long mismatches = results.stream().filter(SexCheck.Result::mismatch).count();
    return ListAnswer.of("samples", results, (g, r) -> {
      g.writeStringField("sample", r.sample());
      ListAnswer.number(g, "f", r.f());
      g.writeStringField("inferred", r.inferred().label());
      g.writeStringField("declared", r.declared().label());
      g.writeBooleanField("mismatch", r.mismatch());
      g.writeNumberField("variants", r.variants());
      g.writeNumberField("observed_hom", r.observedHom());
      ListAnswer.number(g, "expected_hom", r.expectedHom());
    }).head(g -> {
      g.writeStringField("assembly", assembly.label());
      g.writeStringField("contig", x);
      g.writeNumberField("female", female);
      g.writeNumberField("male", male);
      g.writeNumberField("mismatches", mismatches);
    }).closing(g -> {
      g.writeNumberField("count", results.size());
      g.writeNumberField("mismatches", mismatches);
    });
  }

  private static Assembly assembly(CohortArguments a, CohortApi.Context ctx, String x) {
    Optional<String> named = a.single("assembly").or(() -> Optional.ofNullable(ctx.options().get("assembly")));
    if (named.isPresent()) {
      return Assembly.named(named.get()).orElseThrow(() -> RequestException.badArgument(
          "assembly must be GRCh37 or GRCh38, not '%s'", SampleChoice.shorten(named.get())));
    }
    long length = ctx.source().entryPoint(x).map(e -> (long) e.length()).orElse(-1L);
    return Assembly.byXLength(length).orElseThrow(() -> RequestException.badArgument("cannot tell the assembly "
        + "from %s's length (%d); add assembly=GRCh37 or GRCh38 (or options: {assembly: ...} in the config)", x,
        length));
  }
}
