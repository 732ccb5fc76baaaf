package org.dasgrid.core.api.genotype;

import java.io.IOException;
import java.util.Optional;
import org.dasgrid.core.arguments.QueryArguments;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.genotype.Bracket;

/**
 * Reads a bracket query's {@code start=MIN,MAX} and {@code end=MIN,MAX} (Beacon v2's bracket, 1-based here as
 * every genotype position): either argument may be left out, and either side of one (an open bound, {@code
 * end=5000,}); a single value is an exact position ({@code start=1200} is {@code start=1200,1200}). A bracket
 * needs the contig it is on: a {@code segment} (a whole contig will do; the bracket narrows the scan).
 */
final class BracketArguments {
  private BracketArguments() {}

  /** Whether the request asks for a bracket. */
  static boolean asked(QueryArguments args) {
    return args.has("start") || args.has("end");
  }

  /** The bracket the arguments give, {@link Bracket#ANY} without them; a bad value is a 400 naming its argument. */
  static Bracket parse(QueryArguments args) {
    if (!asked(args)) {
      return Bracket.ANY;
    }
    if (!args.has("segment") && !args.has("gene")) {
      throw RequestException.badArgument("%s: a bracket query needs its contig: add segment=REF (a whole contig, "
          + "or a range on it)", args.has("start") ? "start" : "end");
    }
    int[] start = bounds(args, "start");
    int[] end = bounds(args, "end");
    return new Bracket(start[0], start[1], end[0], end[1]);
  }

  /**
   * How the answer read {@code start=} and {@code end=}, in its summary, so that a client who meant a range
   * sees they bound POS and END: {@code ,"bracket":{"pos":[MIN,MAX],"end":[MIN,MAX]}}, an open side {@code
   * null}; nothing without a bracket.
   */
  static void write(Bracket b, JsonBytes json) throws IOException {
    if (b.keepsAll()) {
      return;
    }
    json.raw(JsonBytes.bytes(",\"bracket\":{\"pos\":[" + side(b.startMin(), 1) + "," + side(b.startMax(),
        Integer.MAX_VALUE) + "],\"end\":[" + side(b.endMin(), 1) + "," + side(b.endMax(), Integer.MAX_VALUE)
        + "]}"));
  }

  private static String side(int value, int open) {
    return value == open ? "null" : Integer.toString(value);
  }

  /** {@code MIN,MAX} (either side may be empty) or one position; 1 and {@link Integer#MAX_VALUE} when open. */
  private static int[] bounds(QueryArguments args, String name) {
    Optional<String> raw = args.single(name);
    if (raw.isEmpty()) {
      return new int[] {1, Integer.MAX_VALUE};
    }
    String[] parts = raw.get().split(",", -1);
    if (parts.length > 2 || parts.length == 2 && parts[0].isBlank() && parts[1].isBlank()
        || parts.length == 1 && parts[0].isBlank()) {
      throw RequestException.badArgument("%s must be MIN,MAX (either may be left out: %s=1000,) or one position, "
          + "not '%s'", name, name, AnalyticsRequest.shorten(raw.get()));
    }
    if (parts.length == 1) {
      int at = position(name, parts[0]).orElseThrow();
      return new int[] {at, at};
    }
    int lo = position(name, parts[0]).orElse(1);
    int hi = position(name, parts[1]).orElse(Integer.MAX_VALUE);
    if (lo > hi) {
      throw RequestException.badArgument("%s: MIN %d is above MAX %d", name, lo, hi);
    }
    return new int[] {lo, hi};
  }

  private static Optional<Integer> position(String name, String text) {
    String t = text.strip();
    if (t.isEmpty()) {
      return Optional.empty();
    }
    if (t.length() > 10 || !t.chars().allMatch(c -> c >= '0' && c <= '9') || Long.parseLong(t) > Integer.MAX_VALUE
        || Long.parseLong(t) < 1) {
      throw RequestException.badArgument("%s: '%s' is not a position (a whole number from 1 to %d)", name,
          AnalyticsRequest.shorten(t), Integer.MAX_VALUE);
    }
    return Optional.of(Integer.parseInt(t));
  }
}
