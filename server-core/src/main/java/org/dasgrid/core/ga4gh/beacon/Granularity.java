package org.dasgrid.core.ga4gh.beacon;

import java.util.Locale;
import org.dasgrid.core.error.RequestException;

/** How much a Beacon answer says: whether anything matched, how many, or the matching records. */
public enum Granularity {
  BOOLEAN,
  COUNT,
  RECORD;

  /** The name used on the wire. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  static Granularity parse(String s) {
    for (Granularity g : values()) {
      if (g.label().equalsIgnoreCase(s.trim())) {
        return g;
      }
    }
    throw RequestException.badArgument("requestedGranularity '%s' is not one of boolean, count, record",
        VariantRequestParser.shorten(s));
  }
}
