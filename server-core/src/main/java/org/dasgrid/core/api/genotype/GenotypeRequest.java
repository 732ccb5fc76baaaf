package org.dasgrid.core.api.genotype;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Predicate;
import org.dasgrid.core.arguments.QueryArguments;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.GenotypeQuery;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.Zygosity;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.DataSource;

/**
 * A genotype request read from its arguments ({@code segment}, {@code zygosity}, {@code samples}, {@code
 * limit}) and checked against the source. Every client mistake is a {@link RequestException} of kind
 * {@code BAD_ARGUMENT} (or {@code TOO_LARGE}), which the HTTP edge sends as 400 with the message.
 *
 * <p>Segments name references as the source does or by an alias ({@code chr17} for {@code 17}); a range
 * reaching past a reference's end is cut there, since a VCF without {@code ##contig} lengths only knows the
 * last variant's end. Without {@code limit}, {@code variants} and {@code samples} answers are capped at
 * {@code server.maxFeaturesPerResponse} rows, and a larger answer is a 400 asking for a limit.
 */
public record GenotypeRequest(GenotypeEndpoint endpoint, GenotypeQuery query, OptionalInt cap) {
  private static final Set<String> ARGUMENTS = Set.of("segment", "zygosity", "samples", "limit", "partial");
  private static final int MAX_LISTED_UNKNOWN = 5;

  public static GenotypeRequest parse(GenotypeEndpoint endpoint, QueryArguments args, DataSource source,
      GenotypeQueries engine, int maxSegments, int maxRows) {
    return parse(endpoint, args, source, engine, maxSegments, maxRows, Integer.MAX_VALUE);
  }

  /** As above, refusing any segment wider than {@code maxSpan} bases ({@code server.maxGenotypeSpan}). */
  public static GenotypeRequest parse(GenotypeEndpoint endpoint, QueryArguments args, DataSource source,
      GenotypeQueries engine, int maxSegments, int maxRows, int maxSpan) {
    return parse(endpoint, args, source, engine, maxSegments, maxRows, maxSpan, java.util.Optional.empty());
  }

  /** As above; {@code samples=} may also name groups of the source's sample sheet ({@link SampleChoice}). */
  public static GenotypeRequest parse(GenotypeEndpoint endpoint, QueryArguments args, DataSource source,
      GenotypeQueries engine, int maxSegments, int maxRows, int maxSpan,
      java.util.Optional<org.dasgrid.core.genotype.cohort.SampleSheet> sheet) {
    return parse(endpoint, args, source, engine, maxSegments, maxRows, maxSpan, sheet, name -> false);
  }

  /** As above, also accepting the arguments {@code alsoRead} says another reader takes (analytics). */
  public static GenotypeRequest parse(GenotypeEndpoint endpoint, QueryArguments args, DataSource source,
      GenotypeQueries engine, int maxSegments, int maxRows, int maxSpan, Predicate<String> alsoRead) {
    return parse(endpoint, args, source, engine, maxSegments, maxRows, maxSpan, java.util.Optional.empty(),
        alsoRead);
  }

  /** The general form: the sheet's groups in {@code samples=}, and the arguments another reader takes. */
  public static GenotypeRequest parse(GenotypeEndpoint endpoint, QueryArguments args, DataSource source,
      GenotypeQueries engine, int maxSegments, int maxRows, int maxSpan,
      java.util.Optional<org.dasgrid.core.genotype.cohort.SampleSheet> sheet, Predicate<String> alsoRead) {
    for (String name : args.asMap().keySet()) {
      // '_' arguments are cache busters added by browser libraries
      if (!ARGUMENTS.contains(name) && !name.startsWith("_") && !alsoRead.test(name)) {
        throw RequestException.badArgument("unknown argument '%s' for %s; it takes %s", shorten(name),
            endpoint.path(), String.join(", ", accepted(endpoint)));
      }
    }
    // partial=allow|deny: read by the cluster; checked here for every source, so a typo is an error anywhere
    org.dasgrid.core.cluster.FanOutOptions.allowPartial(args.single("partial"));
    List<Segment> segments = segments(args, source, maxSegments);
    for (Segment seg : segments) {
      if (seg.length() > maxSpan) {
        throw RequestException.tooLarge(
            "segment %s spans %d bp; at most %d bp per genotype query (server.maxGenotypeSpan): "
                + "ask for a smaller region or several segments", seg, seg.length(), maxSpan);
      }
    }
    Zygosity zygosity = args.single("zygosity")
        .map(z -> Zygosity.named(z).orElseThrow(() ->
            RequestException.badArgument("zygosity must be het, hom or any, not '%s'", shorten(z))))
        .orElse(Zygosity.ANY);
    SampleSelection samples = sheet.isPresent() ? SampleChoice.parse(args.all("samples"), engine, sheet)
        : samples(args, engine);
    OptionalInt limit = limit(args);
    OptionalInt cap = OptionalInt.empty();
    if (limit.isEmpty() && endpoint != GenotypeEndpoint.COUNT) {
      cap = OptionalInt.of(maxRows);
      limit = OptionalInt.of(maxRows == Integer.MAX_VALUE ? maxRows : maxRows + 1);
    }
    return new GenotypeRequest(endpoint, new GenotypeQuery(segments, zygosity, samples, limit), cap);
  }

  /**
   * Every argument an endpoint reads, as its unknown-argument message lists them: the plain ones, then (variants
   * and count) the filters and the bracket, then (variants) statistics, case/control, ranking and paging.
   */
  public static List<String> accepted(GenotypeEndpoint endpoint) {
    List<String> names = new ArrayList<>(List.of("segment", "gene", "zygosity", "samples", "limit", "partial"));
    if (endpoint != GenotypeEndpoint.SAMPLES) {
      names.addAll(List.of("ref", "alt", "type", "min_length", "max_length", "allelic", "af", "info.KEY",
          "csq.FIELD", "start", "end"));
    }
    if (endpoint == GenotypeEndpoint.VARIANTS) {
      names.addAll(List.of("stats", "cases", "controls", "top", "by", "cursor"));
    }
    return names;
  }

  /** Runs the request on the engine. */
  public GenotypeResult run(GenotypeQueries engine) {
    GenotypeResult r = switch (endpoint) {
      case VARIANTS -> new GenotypeResult.Variants(engine.variants(query));
      case SAMPLES -> new GenotypeResult.Samples(engine.carriers(query));
      case COUNT -> new GenotypeResult.Count(engine.count(query));
    };
    int rows = r instanceof GenotypeResult.Variants v ? v.answer().size()
        : r instanceof GenotypeResult.Samples s ? s.answer().size() : 0;
    if (cap.isPresent() && rows > cap.getAsInt()) {
      throw RequestException.tooLarge(
          "more than %d %s match; add limit=N or narrow the segments (server.maxFeaturesPerResponse)",
          cap.getAsInt(), endpoint.path());
    }
    return r;
  }

  private static List<Segment> segments(QueryArguments args, DataSource source, int max) {
    if (args.all("segment").isEmpty()) {
      throw RequestException.badArgument("at least one segment=REF:START,STOP is required");
    }
    return SegmentArguments.read(args, source, max);
  }

  private static SampleSelection samples(QueryArguments args, GenotypeQueries engine) {
    List<String> raw = args.all("samples");
    if (raw.isEmpty()) {
      return engine.allSamples();
    }
    Set<String> names = new LinkedHashSet<>();
    for (String list : raw) {
      for (String name : list.split(",", -1)) {
        String n = name.strip();
        if (n.isEmpty()) {
          throw RequestException.badArgument("empty sample name in samples=; give comma-separated names");
        }
        names.add(n);
      }
    }
    int[] numbers = new int[names.size()];
    List<String> unknown = new ArrayList<>();
    int k = 0;
    for (String n : names) {
      OptionalInt i = engine.sampleNumber(n);
      if (i.isEmpty()) {
        unknown.add(n);
      } else {
        numbers[k++] = i.getAsInt();
      }
    }
    if (!unknown.isEmpty()) {
      List<String> shown = unknown.stream().limit(MAX_LISTED_UNKNOWN).map(GenotypeRequest::shorten).toList();
      throw RequestException.badArgument("unknown sample%s: %s%s", unknown.size() == 1 ? "" : "s",
          String.join(", ", shown),
          unknown.size() > MAX_LISTED_UNKNOWN ? " and " + (unknown.size() - MAX_LISTED_UNKNOWN) + " more" : "");
    }
    return engine.select(numbers);
  }

  private static OptionalInt limit(QueryArguments args) {
    Optional<String> raw = args.single("limit");
    if (raw.isEmpty()) {
      return OptionalInt.empty();
    }
    String s = raw.get().strip();
    if (s.isEmpty() || s.length() > 10 || !s.chars().allMatch(c -> c >= '0' && c <= '9')
        || Long.parseLong(s) > Integer.MAX_VALUE) {
      throw RequestException.badArgument("limit must be a whole number from 0 to %d, not '%s'",
          Integer.MAX_VALUE, shorten(raw.get()));
    }
    return OptionalInt.of(Integer.parseInt(s));
  }

  private static String shorten(String text) {
    String t = text.replaceAll("\\p{Cntrl}", "?");
    return t.length() <= 60 ? t : t.substring(0, 57) + "...";
  }
}
