package org.dasgrid.core.api.cohort;

import java.util.Set;
import org.dasgrid.core.api.genotype.SampleChoice;
import org.dasgrid.core.arguments.QueryArguments;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.genotype.CallReader;
import org.dasgrid.core.genotype.cohort.DoseModel;
import org.dasgrid.core.genotype.cohort.PolygenicScore;
import org.dasgrid.core.genotype.cohort.SampleSheetException;
import org.dasgrid.core.genotype.cohort.ScoreWeights;

/**
 * Polygenic scores ({@code POST /genotypes/{source}/score}, the body a PLINK {@code --score} weights file): per
 * chosen sample its sum, average and allele count, and how many weights matched, were missing or mismatched.
 */
final class ScoreEndpoint implements CohortEndpoint {
  static final String PATH = "score";

  @Override
  public String path() {
    return PATH;
  }

  @Override
  public boolean readsBody() {
    return true;
  }

  @Override
  public CohortApi.Answer answer(QueryArguments args, byte[] body, CohortApi.Context ctx, CallReader reader) {
    CohortArguments a = new CohortArguments(args, PATH, Set.of("samples", "model", "mean_impute"));
    DoseModel model = a.single("model").map(m -> DoseModel.named(m).orElseThrow(() ->
        RequestException.badArgument("model must be additive, dominant or recessive, not '%s'",
            SampleChoice.shorten(m)))).orElse(DoseModel.ADDITIVE);
    boolean impute = a.bool("mean_impute", true);
    int[] samples = a.samples(ctx);
    if (body == null) {
      throw RequestException.badArgument("score needs a POSTed weights file (ID ALLELE WEIGHT per line)");
    }
    ScoreWeights weights;
    try {
      weights = ScoreWeights.read(body, Integer.parseInt(ctx.options().getOrDefault("maxScoreWeights", "2000000")));
    } catch (SampleSheetException e) {
      throw RequestException.badArgument("%s", e.getMessage());
    }
    PolygenicScore.Result r = PolygenicScore.run(ctx.engine(), reader, weights, samples, model, impute);
    ListAnswer.Fields counts = g -> {
      g.writeNumberField("weights", weights.size());
      g.writeNumberField("matched", r.matched());
      g.writeNumberField("missing", r.missing());
      g.writeNumberField("mismatched", r.mismatched());
    };
    return ListAnswer.of("scores", r.scores(), (g, s) -> {
      g.writeStringField("sample", s.sample());
      ListAnswer.number(g, "sum", s.sum());
      ListAnswer.number(g, "avg", s.avg());
      g.writeNumberField("count", s.count());
    }).head(g -> {
      g.writeStringField("model", model.name().toLowerCase(java.util.Locale.ROOT));
      counts.write(g);
    }).closing(counts);
  }
}
