package org.dasgrid.core.genotype.api;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.dasgrid.core.das.QueryArguments;
import org.dasgrid.core.error.ErrorKind;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.genotype.CallReader;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.cohort.Assembly;
import org.dasgrid.core.genotype.cohort.Inheritance;
import org.dasgrid.core.gene.GeneLookup;
import org.dasgrid.core.gene.GeneSpans;
import org.dasgrid.core.genotype.cohort.Kinship;
import org.dasgrid.core.genotype.cohort.PolygenicScore;
import org.dasgrid.core.genotype.cohort.SampleCounts;
import org.dasgrid.core.genotype.cohort.SampleSheet;
import org.dasgrid.core.genotype.cohort.SampleSheetException;
import org.dasgrid.core.genotype.cohort.ScoreWeights;
import org.dasgrid.core.genotype.cohort.SexCheck;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.DataSource;

/**
 * Reads a cohort analytics request ({@link CohortEndpoint}), runs it on the engine and returns its answer,
 * ready to write as JSON or NDJSON. Everything a request can get wrong fails in {@link #answer}, before a
 * byte is written: a 400 (bad argument, malformed weights naming line and column), or 501 for an engine that
 * cannot read calls (a cluster's merged view).
 */
public final class CohortApi {
  /** KING-robust's degree boundaries (Manichaikul et al. 2010): 2^-1.5, 2^-2.5, 2^-3.5, 2^-4.5. */
  private static final double[] DEGREE_FLOORS = {0.354, 0.177, 0.0884, 0.0442};

  /** What a request runs against. */
  public record Context(DataSource source, GenotypeQueries engine, Optional<SampleSheet> sheet,
      Map<String, String> options, int maxSegments, int maxRows, GeneLookup genes) {
    public Context {
      genes = genes == null ? GeneLookup.NONE : genes;
    }

    /** A source without gene annotation. */
    public Context(DataSource source, GenotypeQueries engine, Optional<SampleSheet> sheet,
        Map<String, String> options, int maxSegments, int maxRows) {
      this(source, engine, sheet, options, maxSegments, maxRows, GeneLookup.NONE);
    }
  }

  /** A computed answer; writing it cannot fail for the request's sake. */
  public interface Answer {
    /** Writes the answer, ending with the timer's {@code elapsed_db_ms} and (now final) {@code elapsed_ms}. */
    void write(OutputStream out, boolean ndjson, RequestTimer timer) throws IOException;
  }

  private CohortApi() {}

  public static Answer answer(CohortEndpoint endpoint, QueryArguments args, byte[] body, Context ctx) {
    if (!(ctx.engine() instanceof CallReader reader)) {
      throw new RequestException(ErrorKind.UNSUPPORTED, "%s is not available on this source (its genotypes are "
          + "split over cluster nodes)", endpoint.path());
    }
    return switch (endpoint) {
      case SEX_CHECK -> sexCheck(args, ctx, reader);
      case KINSHIP -> kinship(args, ctx, reader);
      case SCORE -> score(args, body, ctx, reader);
      case INHERITANCE -> inheritance(args, ctx, reader);
      case HOM_REF -> homRef(args, ctx, reader);
      case SAMPLE_COUNTS -> sampleCounts(args, ctx, reader);
      case STRATA -> strata(args, ctx, reader);
    };
  }

  private static int[] samples(CohortArguments a, Context ctx) {
    return SampleChoice.parse(a.raw().all("samples"), ctx.engine(), ctx.sheet()).sampleNumbers();
  }

  private static Answer sexCheck(QueryArguments args, Context ctx, CallReader reader) {
    CohortArguments a = new CohortArguments(args, "sex-check", Set.of("samples", "female", "male", "assembly"));
    double female = a.number("female", 0, 1).orElse(SexCheck.Thresholds.PLINK.female());
    double male = a.number("male", 0, 1).orElse(SexCheck.Thresholds.PLINK.male());
    if (female > male) {
      throw RequestException.badArgument("female=%s is above male=%s: F below female infers female, above male "
          + "male", female, male);
    }
    String x = ctx.engine().contigs().stream().filter(Assembly::isX).findFirst().orElseThrow(() ->
        RequestException.badArgument("sex-check needs chrX (X, chrX or 23), and this source has none"));
    Assembly assembly = assembly(a, ctx, x);
    int[] samples = samples(a, ctx);
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

  private static Assembly assembly(CohortArguments a, Context ctx, String x) {
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

  private static Answer kinship(QueryArguments args, Context ctx, CallReader reader) {
    CohortArguments a = new CohortArguments(args, "kinship", Set.of("samples", "segment", "min_kinship", "limit"));
    int max = Integer.parseInt(ctx.options().getOrDefault("maxKinshipSamples", "500"));
    int[] samples = samples(a, ctx);
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

  private static List<Segment> wholeGenome(Context ctx) {
    return ctx.engine().contigs().stream().map(c -> new Segment(c, 1, Integer.MAX_VALUE)).toList();
  }

  private static Answer score(QueryArguments args, byte[] body, Context ctx, CallReader reader) {
    CohortArguments a = new CohortArguments(args, "score", Set.of("samples", "model", "mean_impute"));
    PolygenicScore.Model model = a.single("model").map(m -> PolygenicScore.Model.named(m).orElseThrow(() ->
        RequestException.badArgument("model must be additive, dominant or recessive, not '%s'",
            SampleChoice.shorten(m)))).orElse(PolygenicScore.Model.ADDITIVE);
    boolean impute = a.bool("mean_impute", true);
    int[] samples = samples(a, ctx);
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

  private static Answer inheritance(QueryArguments args, Context ctx, CallReader reader) {
    CohortArguments a = new CohortArguments(args, "inheritance", Set.of("mode", "family", "segment", "gene", "limit"));
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

  private static Answer homRef(QueryArguments args, Context ctx, CallReader reader) {
    CohortArguments a = new CohortArguments(args, "hom-ref", Set.of("samples", "segment", "limit", "names"));
    List<Segment> segments = requiredSegments(a, ctx, "hom-ref");
    int[] samples = samples(a, ctx);
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

  private static List<Segment> requiredSegments(CohortArguments a, Context ctx, String endpoint) {
    List<Segment> segments = a.segments(ctx.source(), ctx.maxSegments());
    if (segments.isEmpty()) {
      throw RequestException.badArgument("%s needs at least one segment=REF:START,STOP", endpoint);
    }
    return segments;
  }

  private static Answer sampleCounts(QueryArguments args, Context ctx, CallReader reader) {
    CohortArguments a = new CohortArguments(args, "sample-counts", Set.of("samples", "segment", "limit", "offset"));
    List<Segment> segments = requiredSegments(a, ctx, "sample-counts");
    int[] samples = samples(a, ctx);
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

  private static Answer strata(QueryArguments args, Context ctx, CallReader reader) {
    CohortArguments a = new CohortArguments(args, "strata", Set.of("segment", "by", "limit", "samples"));
    List<Segment> segments = requiredSegments(a, ctx, "strata");
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
    int[] within = samples(a, ctx);
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
