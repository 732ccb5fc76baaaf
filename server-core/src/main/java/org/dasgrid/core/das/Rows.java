package org.dasgrid.core.das;

import java.util.Optional;
import org.dasgrid.core.arguments.QueryArguments;
import org.dasgrid.core.error.RequestException;

/**
 * The {@code rows=FROM-TO} pagination extension: items FROM to TO of an answer, 1-based inclusive.
 */
public record Rows(int from, int to) {
  public Rows {
    if (from < 1 || to < from) {
      throw new IllegalArgumentException("rows " + from + "-" + to);
    }
  }

  public static Optional<Rows> parse(QueryArguments args) {
    Optional<String> v = args.single("rows");
    if (v.isEmpty()) {
      return Optional.empty();
    }
    String s = v.get();
    int dash = s.indexOf('-');
    try {
      if (dash > 0) {
        int from = Integer.parseInt(s.substring(0, dash).trim());
        int to = Integer.parseInt(s.substring(dash + 1).trim());
        if (from >= 1 && to >= from) {
          return Optional.of(new Rows(from, to));
        }
      }
    } catch (NumberFormatException e) {
      // fall through to the error below
    }
    throw RequestException.badArgument("rows must be FROM-TO with 1 <= FROM <= TO");
  }

  public int count() {
    return to - from + 1;
  }

  public boolean contains(int index) {
    return index >= from && index <= to;
  }
}
