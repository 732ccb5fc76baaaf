package org.dasgrid.core.api.cohort;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.dasgrid.core.api.genotype.GeneArguments;
import org.dasgrid.core.api.genotype.SampleChoice;
import org.dasgrid.core.arguments.QueryArguments;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.gene.GeneSpans;
import org.dasgrid.core.genotype.CallReader;
import org.dasgrid.core.genotype.cohort.Inheritance;
import org.dasgrid.core.genotype.cohort.SampleSheet;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.DataSource;

/**
 * Variants that follow an inheritance mode in a family of the sample sheet ({@code
 * /genotypes/{source}/inheritance}: de novo, dominant, recessive, compound het), by segment or gene, with the
 * members' genotypes.
 */
final class InheritanceEndpoint implements CohortEndpoint {
  static final String PATH = "inheritance";

  @Override
  public String path() {
    return PATH;
  }

  @Override
  public CohortApi.Answer answer(QueryArguments args, byte[] body, CohortApi.Context ctx, CallReader reader) {
    CohortArguments a = new CohortArguments(args, PATH, Set.of("mode", "family", "segment", "gene", "limit"));
    Inheritance.Mode mode = Inheritance.Mode.named(a.required("mode", "denovo|dominant|recessive|compound_het"))
        .orElseThrow(() -> RequestException.badArgument("mode must be denovo, dominant, recessive or compound_het, "
            + "not '%s'", SampleChoice.shorten(a.single("mode").orElse(""))));
    String family = a.required("family", "F (a family of the sample sheet)");
    SampleSheet sheet = ctx.sheet().orElseThrow(() -> RequestException.badArgument(
        "inheritance needs a sample sheet with families (samples: in the source's config)"));
    if (sheet.family(family).isEmpty()) {
      throw RequestException.badArgument("unknown family '%s' (the sheet's family column)",
          SampleChoice.shorten(family));
    }
    Optional<GeneSpans> genes = Optional.empty();
    List<Inheritance.Region> regions;
    if (a.raw().has("gene")) {
      genes = Optional.of(GeneArguments.spans(a.raw(), ctx.genes(), ctx.source(), ctx.maxSegments()));
      regions = geneRegions(genes.get(), mode, ctx.source());
    } else {
      List<Segment> segments = a.segments(ctx.source(), ctx.maxSegments());
      if (segments.isEmpty()) {
        if (mode == Inheritance.Mode.COMPOUND_HET) {
          throw RequestException.badArgument("compound_het needs gene regions: gene=SYMBOL[,SYMBOL] or "
              + "segment=REF:START,STOP, one per gene");
        }
        segments = wholeGenome(ctx);
      }
      regions = segments.stream().map(s -> new Inheritance.Region(s.toString(), s)).toList();
    }
    Optional<GeneSpans> usedGenes = genes;
    int limit = a.whole("limit", ctx.maxRows(), Integer.MAX_VALUE);
    Inheritance.Result r;
    try {
      r = Inheritance.run(ctx.engine(), reader, sheet, family, mode, regions, limit);
    } catch (IllegalArgumentException e) {
      throw RequestException.badArgument("%s", e.getMessage());
    }
    ListAnswer.Fields geneSpans = g -> {
      if (usedGenes.isPresent()) {
        GeneArguments.write(usedGenes.get(), g);
      }
    };
    return ListAnswer.of("variants", r.hits(), (g, h) -> {
      ListAnswer.variant(g, h.contig(), h.pos(), h.id(), h.ref(), h.alt());
      if (h.child().isPresent()) {
        g.writeStringField("child", h.child().get());
      }
      if (h.region().isPresent()) {
        g.writeStringField("gene", h.region().get());
      }
      if (h.origin().isPresent()) {
        g.writeStringField("from", h.origin().get());
      }
      g.writeObjectFieldStart("genotypes");
      for (Map.Entry<String, String> e : h.genotypes().entrySet()) {
        g.writeStringField(e.getKey(), e.getValue());
      }
      g.writeEndObject();
    }).head(g -> {
      g.writeStringField("family", r.family());
      g.writeStringField("mode", r.mode().label());
      geneSpans.write(g);
      g.writeArrayFieldStart("members");
      for (String m : r.members()) {
        g.writeString(m);
      }
      g.writeEndArray();
    }).closing(geneSpans).tail(g -> {
      g.writeNumberField("count", r.hits().size());
      g.writeBooleanField("truncated", r.truncated());
    });
  }

  /**
   * The regions of an inheritance query by gene: for compound het one per gene (its hits name the gene), for the
   * other modes the genes' segments joined where they overlap (a variant in two genes is one row). Genes on
   * contigs the source lacks add none.
   */
  private static List<Inheritance.Region> geneRegions(GeneSpans genes, Inheritance.Mode mode, DataSource source) {
    if (mode == Inheritance.Mode.COMPOUND_HET) {
      return genes.hits().stream().filter(h -> h.segment().isPresent())
          .map(h -> new Inheritance.Region(h.gene().name(), h.segment().get())).toList();
    }
    return genes.segments(source).stream().map(s -> new Inheritance.Region(s.toString(), s)).toList();
  }

  private static List<Segment> wholeGenome(CohortApi.Context ctx) {
    return ctx.engine().contigs().stream().map(c -> new Segment(c, 1, Integer.MAX_VALUE)).toList();
  }
}
