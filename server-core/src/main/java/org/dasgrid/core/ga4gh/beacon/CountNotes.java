package org.dasgrid.core.ga4gh.beacon;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * How an answer says its counts were adjusted (Beacon v2.1's {@code countAdjustedTo} and {@code
 * countPrecision}, which v2.0's summary section admits as extra members): counts below the source's {@code
 * minCount} were raised to it, so they are not exact.
 */
final class CountNotes {
  private CountNotes() {}

  static void adjusted(ObjectNode summary, int adjustedTo) {
    summary.putArray("countAdjustedTo").add(adjustedTo);
    summary.put("countPrecision", "imprecise");
  }
}
