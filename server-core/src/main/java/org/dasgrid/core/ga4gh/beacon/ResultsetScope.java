package org.dasgrid.core.ga4gh.beacon;

import java.util.Locale;
import org.dasgrid.core.error.RequestException;

/** Which datasets a record answer lists ({@code includeResultsetResponses}): those with hits, without, all, none. */
public enum ResultsetScope {
  HIT,
  MISS,
  ALL,
  NONE;

  boolean includes(boolean exists) {
    return switch (this) {
      case HIT -> exists;
      case MISS -> !exists;
      case ALL -> true;
      case NONE -> false;
    };
  }

  static ResultsetScope parse(String s) {
    try {
      return valueOf(s.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw RequestException.badArgument("includeResultsetResponses '%s' is not one of HIT, MISS, ALL, NONE",
          VariantRequestParser.shorten(s));
    }
  }
}
