package org.dasgrid.core.api.genotype;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Set;
import org.dasgrid.core.arguments.QueryArguments;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.feature.VariantClass;
import org.dasgrid.core.genotype.AnalyticsAnswer;
import org.dasgrid.core.genotype.AnalyticsQuery;
import org.dasgrid.core.genotype.Bracket;
import org.dasgrid.core.genotype.CaseControl;
import org.dasgrid.core.genotype.CsqCondition;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.GenotypeQuery;
import org.dasgrid.core.genotype.InfoCondition;
import org.dasgrid.core.genotype.InfoField;
import org.dasgrid.core.genotype.RowKey;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.TopN;
import org.dasgrid.core.genotype.VariantFilter;
import org.dasgrid.core.source.DataSource;

/**
 * A {@code variants} request with analytics (contract section 7): the plain request's arguments ({@link
 * GenotypeRequest}) plus {@code stats}, {@code cases}/{@code controls}, {@code top}/{@code by}, the filters
 * ({@code ref}, {@code alt}, {@code type}, {@code min_length}, {@code max_length}, {@code allelic}, {@code af})
 * and paging ({@code cursor}; {@code limit} answers carry {@code next}). Every mistake is a 400 naming the
 * argument.
 */
public record AnalyticsRequest(GenotypeRequest plain, AnalyticsQuery query) {
  /** The arguments this request reads beyond the plain ones. */
  static final Set<String> ARGUMENTS = Set.of("stats", "cases", "controls", "top", "by", "ref", "alt", "type",
      "min_length", "max_length", "allelic", "af", "cursor");
  private static final int MAX_TOP = 100_000;

  /**
   * Whether a request needs this path: a variants request with an analytics argument or a limit (for paging),
   * or a count with one (a filtered count; its other arguments are refused there, naming them).
   */
  public static boolean applies(GenotypeEndpoint endpoint, QueryArguments args) {
    if (endpoint != GenotypeEndpoint.VARIANTS && endpoint != GenotypeEndpoint.COUNT) {
      return false;
    }
    for (String name : args.asMap().keySet()) {
      if (reads(name) || name.equals("limit") && endpoint == GenotypeEndpoint.VARIANTS) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether this request reads the argument: one of {@link #ARGUMENTS}, {@code info.KEY}, {@code csq.FIELD} or a
   * bracket's {@code start}/{@code end}.
   */
  static boolean reads(String name) {
    return ARGUMENTS.contains(name) || name.startsWith("info.") || name.startsWith("csq.") || name.equals("start")
        || name.equals("end");
  }

  public static AnalyticsRequest parse(GenotypeEndpoint endpoint, QueryArguments args, DataSource source,
      GenotypeQueries engine, int maxSegments, int maxRows, int maxSpan) {
    return parse(endpoint, args, source, engine, maxSegments, maxRows, maxSpan, Optional.empty());
  }

  /** As above; {@code samples=}, {@code cases=} and {@code controls=} may name groups of the sample sheet. */
  public static AnalyticsRequest parse(GenotypeEndpoint endpoint, QueryArguments args, DataSource source,
      GenotypeQueries engine, int maxSegments, int maxRows, int maxSpan,
      Optional<org.dasgrid.core.genotype.cohort.SampleSheet> sheet) {
    if (endpoint == GenotypeEndpoint.COUNT) {
      refuseOnCount(args);
    }
    Bracket bracket = BracketArguments.parse(args); // before the segments: a bracket without one names itself
    GenotypeRequest plain = GenotypeRequest.parse(endpoint, args, source, engine, maxSegments, maxRows, maxSpan,
        sheet, AnalyticsRequest::reads);
    GenotypeQuery base = plain.query();
    boolean stats = bool(args, "stats");
    Optional<CaseControl> cc = caseControl(args, engine, base.samples(), sheet);
    Optional<TopN> top = top(args, cc.isPresent());
    Optional<RowKey> after = args.single("cursor").map(PageCursor::decode);
    if (top.isPresent() && after.isPresent()) {
      throw RequestException.badArgument("cursor: a top=N answer comes in one page; drop cursor or top");
    }
    if (top.isPresent()) {
      // the top N is the answer's size: no cap applies beyond it
      base = new GenotypeQuery(base.segments(), base.zygosity(), base.samples(), OptionalInt.empty());
      plain = new GenotypeRequest(plain.endpoint(), base, OptionalInt.empty());
    }
    return new AnalyticsRequest(plain, new AnalyticsQuery(base, filter(args, engine, bracket), stats, cc, top,
        after));
  }

  /** A count answers totals: the arguments that shape rows are refused, by name. */
  private static void refuseOnCount(QueryArguments args) {
    for (String name : List.of("stats", "cases", "controls", "top", "by", "cursor")) {
      if (args.has(name)) {
        throw RequestException.badArgument("%s: count answers totals; it takes the filters (ref, alt, type, "
            + "min_length, max_length, allelic, af, info.*, csq.*, start, end) but not %s (ask variants)", name,
            name);
      }
    }
  }

  /** The totals of the request's rows without a limit: a filtered count. */
  public org.dasgrid.core.genotype.CountAnswer count(GenotypeQueries engine) {
    return engine.count(query);
  }

  /** Runs the request; an unlimited answer over the cap is a 400, as for the plain request. */
  public AnalyticsAnswer run(GenotypeQueries engine) {
    AnalyticsAnswer a = engine.analyse(query);
    if (plain.cap().isPresent() && a.size() > plain.cap().getAsInt()) {
      throw RequestException.tooLarge("more than %d variants match; add limit=N (answers then carry a next "
          + "cursor) or narrow the segments (server.maxFeaturesPerResponse)", plain.cap().getAsInt());
    }
    return a;
  }

  static VariantFilter filter(QueryArguments args, GenotypeQueries engine, Bracket bracket) {
    Set<VariantClass> classes = new LinkedHashSet<>();
    for (String t : list(args, "type")) {
      classes.add(VariantClass.named(t).orElseThrow(() -> RequestException.badArgument(
          "type must be snv, mnv, insertion, deletion or sv (comma-separated), not '%s'", shorten(t))));
    }
    OptionalInt min = whole(args, "min_length");
    OptionalInt max = whole(args, "max_length");
    if (min.isPresent() && max.isPresent() && min.getAsInt() > max.getAsInt()) {
      throw RequestException.badArgument("min_length %d is above max_length %d", min.getAsInt(), max.getAsInt());
    }
    VariantFilter.Allelic allelic = args.single("allelic").map(a -> switch (a.strip().toLowerCase()) {
      case "biallelic" -> VariantFilter.Allelic.BIALLELIC;
      case "multiallelic" -> VariantFilter.Allelic.MULTIALLELIC;
      default -> throw RequestException.badArgument("allelic must be biallelic or multiallelic, not '%s'",
          shorten(a));
    }).orElse(VariantFilter.Allelic.ANY);
    OptionalDouble[] af = bounds(args, "af");
    return new VariantFilter(Set.copyOf(list(args, "ref")), Set.copyOf(list(args, "alt")), classes, min, max,
        allelic, af[0], af[1], info(args, engine), csq(args, engine), bracket);
  }

  /**
   * {@code info.KEY=MIN,MAX} for a numeric field, {@code info.KEY=V1|V2} for a string one, {@code
   * info.KEY=true|false} for a flag; KEY declared in the source's header.
   */
  static List<InfoCondition> info(QueryArguments args, GenotypeQueries engine) {
    List<InfoCondition> out = new ArrayList<>();
    for (String name : args.asMap().keySet()) {
      if (!name.startsWith("info.")) {
        continue;
      }
      String key = name.substring(5);
      InfoField field = engine.infoFields().get(key);
      if (field == null) {
        throw RequestException.badArgument("%s: the source's header declares no INFO field '%s'%s", shorten(name),
            shorten(key), engine.infoFields().isEmpty() ? " (or it keeps no INFO)" : "");
      }
      String value = args.single(name).orElseThrow().strip();
      if (field.type().numeric()) {
        OptionalDouble[] b = bounds(args, name);
        out.add(new InfoCondition.Range(key, b[0], b[1]));
      } else if (field.type() == InfoField.Type.FLAG) {
        out.add(new InfoCondition.Flag(key, switch (value.toLowerCase()) {
          case "true", "1", "yes" -> true;
          case "false", "0", "no" -> false;
          default -> throw RequestException.badArgument("%s is a flag: give true or false, not '%s'", shorten(name),
              shorten(value));
        }));
      } else {
        Set<String> values = new LinkedHashSet<>();
        for (String v : value.split("\\|", -1)) {
          if (v.isBlank()) {
            throw RequestException.badArgument("%s: empty value; give V1|V2", shorten(name));
          }
          values.add(v.strip());
        }
        out.add(new InfoCondition.Values(key, values));
      }
    }
    return out;
  }

  /** {@code csq.consequence=}, {@code csq.impact=}, {@code csq.symbol=}, {@code csq.biotype=}: values by comma or |. */
  static List<CsqCondition> csq(QueryArguments args, GenotypeQueries engine) {
    List<CsqCondition> out = new ArrayList<>();
    for (String name : args.asMap().keySet()) {
      if (!name.startsWith("csq.")) {
        continue;
      }
      String f = name.substring(4);
      CsqCondition.Field field = java.util.Arrays.stream(CsqCondition.Field.values())
          .filter(x -> x.label().equals(f)).findFirst().orElseThrow(() -> RequestException.badArgument(
              "%s: use csq.consequence, csq.impact, csq.symbol or csq.biotype", shorten(name)));
      if (engine.annotationSource().isEmpty()) {
        throw RequestException.badArgument("%s: the source's header declares no VEP CSQ or SnpEff ANN annotation",
            shorten(name));
      }
      Set<String> values = new LinkedHashSet<>();
      for (String v : args.single(name).orElseThrow().split("[,|]", -1)) {
        if (v.isBlank()) {
          throw RequestException.badArgument("%s: empty value; give comma-separated values", shorten(name));
        }
        values.add(v.strip());
      }
      out.add(new CsqCondition(field, values));
    }
    return out;
  }

  /** {@code MIN,MAX}, either side may be empty; numbers, min not above max. */
  static OptionalDouble[] bounds(QueryArguments args, String name) {
    Optional<String> raw = args.single(name);
    if (raw.isEmpty()) {
      return new OptionalDouble[] {OptionalDouble.empty(), OptionalDouble.empty()};
    }
    String[] parts = raw.get().split(",", -1);
    if (parts.length != 2 || parts[0].isBlank() && parts[1].isBlank()) {
      throw RequestException.badArgument("%s must be MIN,MAX (either may be left out: %s=0.01,), not '%s'", name,
          name, shorten(raw.get()));
    }
    OptionalDouble lo = number(name, parts[0]);
    OptionalDouble hi = number(name, parts[1]);
    if (lo.isPresent() && hi.isPresent() && lo.getAsDouble() > hi.getAsDouble()) {
      throw RequestException.badArgument("%s: MIN %s is above MAX %s", name, parts[0].strip(), parts[1].strip());
    }
    return new OptionalDouble[] {lo, hi};
  }

  private static OptionalDouble number(String name, String text) {
    String t = text.strip();
    if (t.isEmpty()) {
      return OptionalDouble.empty();
    }
    try {
      double d = Double.parseDouble(t);
      if (Double.isFinite(d) && !t.endsWith("d") && !t.endsWith("f") && !t.endsWith("D") && !t.endsWith("F")) {
        return OptionalDouble.of(d);
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw RequestException.badArgument("%s: '%s' is not a number", name, shorten(t));
  }

  private static Optional<CaseControl> caseControl(QueryArguments args, GenotypeQueries engine,
      SampleSelection cohort, Optional<org.dasgrid.core.genotype.cohort.SampleSheet> sheet) {
    if (args.has("controls") && !args.has("cases")) {
      throw RequestException.badArgument("controls= needs cases=");
    }
    if (!args.has("cases")) {
      return Optional.empty();
    }
    int[] cases = numbers(args, "cases", engine, cohort, sheet);
    int[] controls;
    if (args.has("controls")) {
      controls = numbers(args, "controls", engine, cohort, sheet);
      Set<Integer> caseSet = new java.util.HashSet<>();
      for (int c : cases) {
        caseSet.add(c);
      }
      for (int c : controls) {
        if (caseSet.contains(c)) {
          throw RequestException.badArgument("controls: sample %s is also among the cases",
              shorten(engine.sampleNames().get(c)));
        }
      }
    } else {
      SampleSelection caseSel = engine.select(cases);
      controls = java.util.Arrays.stream(cohort.sampleNumbers()).filter(s -> !caseSel.contains(s)).toArray();
    }
    return Optional.of(new CaseControl(engine.select(cases), engine.select(controls)));
  }

  /** The sample numbers named by an argument (names or sheet groups), all among the chosen samples. */
  private static int[] numbers(QueryArguments args, String name, GenotypeQueries engine, SampleSelection cohort,
      Optional<org.dasgrid.core.genotype.cohort.SampleSheet> sheet) {
    List<String> names = list(args, name);
    if (sheet.isPresent() && !names.isEmpty()) {
      try {
        names = SampleChoice.names(args.all(name), engine, sheet); // groups of the sheet, expanded
      } catch (RequestException e) {
        throw RequestException.badArgument("%s: %s", name, e.getMessage()); // the error names the argument
      }
    }
    if (names.isEmpty()) {
      throw RequestException.badArgument("%s: give comma-separated sample names", name);
    }
    List<String> unknown = new ArrayList<>();
    int[] out = new int[names.size()];
    int k = 0;
    for (String n : names) {
      OptionalInt s = engine.sampleNumber(n);
      if (s.isEmpty()) {
        unknown.add(shorten(n));
      } else if (!cohort.contains(s.getAsInt())) {
        throw RequestException.badArgument("%s: sample %s is not among the chosen samples", name, shorten(n));
      } else {
        out[k++] = s.getAsInt();
      }
    }
    if (!unknown.isEmpty()) {
      throw RequestException.badArgument("%s: unknown sample%s: %s%s", name, unknown.size() == 1 ? "" : "s",
          String.join(", ", unknown.subList(0, Math.min(5, unknown.size()))),
          unknown.size() > 5 ? " and " + (unknown.size() - 5) + " more" : "");
    }
    return out;
  }

  private static Optional<TopN> top(QueryArguments args, boolean cases) {
    Optional<String> by = args.single("by");
    if (!args.has("top")) {
      if (by.isPresent()) {
        throw RequestException.badArgument("by= needs top=N");
      }
      return Optional.empty();
    }
    int n = whole(args, "top").getAsInt();
    if (n > MAX_TOP) {
      throw RequestException.badArgument("top must be at most %d, not %d", MAX_TOP, n);
    }
    TopN.By rank = by.map(b -> TopN.By.named(b.strip()).orElseThrow(() ->
        RequestException.badArgument("by must be hwe_p or assoc_p, not '%s'", shorten(b)))).orElse(TopN.By.HWE_P);
    if (rank == TopN.By.ASSOC_P && !cases) {
      throw RequestException.badArgument("by=assoc_p needs cases=");
    }
    return Optional.of(new TopN(n, rank));
  }

  private static boolean bool(QueryArguments args, String name) {
    return args.flag(name).orElse(false);
  }

  private static OptionalInt whole(QueryArguments args, String name) {
    Optional<String> raw = args.single(name);
    if (raw.isEmpty()) {
      return OptionalInt.empty();
    }
    String s = raw.get().strip();
    if (s.isEmpty() || s.length() > 10 || !s.chars().allMatch(c -> c >= '0' && c <= '9')
        || Long.parseLong(s) > Integer.MAX_VALUE) {
      throw RequestException.badArgument("%s must be a whole number from 0 to %d, not '%s'", name,
          Integer.MAX_VALUE, shorten(raw.get()));
    }
    return OptionalInt.of(Integer.parseInt(s));
  }

  /** The values of a repeatable comma-separated argument, in order, without blanks or repeats. */
  private static List<String> list(QueryArguments args, String name) {
    Set<String> out = new LinkedHashSet<>();
    for (String raw : args.all(name)) {
      for (String v : raw.split(",", -1)) {
        String t = v.strip();
        if (t.isEmpty()) {
          throw RequestException.badArgument("%s: empty value; give comma-separated values", name);
        }
        out.add(t);
      }
    }
    return List.copyOf(out);
  }

  static String shorten(String text) {
    String t = text.replaceAll("\\p{Cntrl}", "?");
    return t.length() <= 60 ? t : t.substring(0, 57) + "...";
  }
}
