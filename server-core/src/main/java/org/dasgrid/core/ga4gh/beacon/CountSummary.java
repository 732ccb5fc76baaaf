package org.dasgrid.core.ga4gh.beacon;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The {@code responseSummary} of an entry query, from each dataset's count: whether anything matched, and (for
 * count and record answers) how many. Below the controlled tier a count in 1..{@code minCount}-1 is reported as
 * {@code minCount} ({@link DatasetAccess}), and the summary says so with Beacon v2.1's {@code countAdjustedTo}
 * and {@code countPrecision} (which v2.0's summary section admits as extra members). A record answer lists the
 * records, which the caller's tier lets it see, so its counts are exact.
 */
final class CountSummary {
  private final Granularity granularity;
  private long total;
  private boolean exists;
  private int adjustedTo;

  CountSummary(Granularity granularity) {
    this.granularity = granularity;
  }

  void add(DatasetAccess access, long count) {
    long shown = granularity == Granularity.RECORD ? count : access.report(count);
    if (shown != count) {
      adjustedTo = Math.max(adjustedTo, (int) shown);
    }
    total += shown;
    exists |= count > 0;
  }

  /** Puts the summary in {@code doc}. */
  void write(ObjectNode doc) {
    ObjectNode summary = doc.putObject("responseSummary");
    summary.put("exists", exists);
    if (granularity == Granularity.BOOLEAN) {
      return;
    }
    summary.put("numTotalResults", total);
    if (adjustedTo > 0) {
      summary.putArray("countAdjustedTo").add(adjustedTo);
      summary.put("countPrecision", "imprecise");
    }
  }
}
