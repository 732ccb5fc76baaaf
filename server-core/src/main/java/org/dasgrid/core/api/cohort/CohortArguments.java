package org.dasgrid.core.api.cohort;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import org.dasgrid.core.api.genotype.SampleChoice;
import org.dasgrid.core.api.genotype.SegmentArguments;
import org.dasgrid.core.arguments.QueryArguments;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.DataSource;

/** The arguments of a cohort analytics request, read and checked one by one; mistakes are 400s. */
final class CohortArguments {
  private final QueryArguments args;
  private final String endpoint;

  CohortArguments(QueryArguments args, String endpoint, Set<String> allowed) {
    this.args = args;
    this.endpoint = endpoint;
    SegmentArguments.refuseUnknown(args, allowed, endpoint);
  }

  QueryArguments raw() {
    return args;
  }

  Optional<String> single(String name) {
    List<String> all = args.all(name);
    if (all.size() > 1) {
      throw RequestException.badArgument("%s= given %d times; give it once", name, all.size());
    }
    return all.isEmpty() ? Optional.empty() : Optional.of(all.get(0).strip());
  }

  String required(String name, String hint) {
    return single(name).filter(s -> !s.isEmpty()).orElseThrow(() ->
        RequestException.badArgument("%s needs %s=%s", endpoint, name, hint));
  }

  OptionalDouble number(String name, double min, double max) {
    Optional<String> raw = single(name);
    if (raw.isEmpty()) {
      return OptionalDouble.empty();
    }
    try {
      double v = Double.parseDouble(raw.get());
      if (!(v >= min && v <= max)) {
        throw new NumberFormatException();
      }
      return OptionalDouble.of(v);
    } catch (NumberFormatException e) {
      throw RequestException.badArgument("%s must be a number from %s to %s, not '%s'", name, min, max,
          SampleChoice.shorten(raw.get()));
    }
  }

  int whole(String name, int fallback, int max) {
    Optional<String> raw = single(name);
    if (raw.isEmpty()) {
      return fallback;
    }
    String s = raw.get();
    if (s.isEmpty() || s.length() > 10 || !s.chars().allMatch(c -> c >= '0' && c <= '9')
        || Long.parseLong(s) > max) {
      throw RequestException.badArgument("%s must be a whole number from 0 to %d, not '%s'", name, max,
          SampleChoice.shorten(s));
    }
    return Integer.parseInt(s);
  }

  boolean bool(String name, boolean fallback) {
    single(name); // given once
    return args.flag(name).orElse(fallback);
  }

  /** The samples asked for ({@code samples=}: names or groups of the sheet; the whole cohort when absent). */
  int[] samples(CohortApi.Context ctx) {
    return SampleChoice.parse(args.all("samples"), ctx.engine(), ctx.sheet()).sampleNumbers();
  }

  /** The segments asked for, at least one. */
  List<Segment> requiredSegments(CohortApi.Context ctx) {
    List<Segment> segments = segments(ctx.source(), ctx.maxSegments());
    if (segments.isEmpty()) {
      throw RequestException.badArgument("%s needs at least one segment=REF:START,STOP", endpoint);
    }
    return segments;
  }

  /** The segments asked for (a bare reference is all of it), on the source's names; empty if none given. */
  List<Segment> segments(DataSource source, int max) {
    return SegmentArguments.read(args, source, max);
  }
}
