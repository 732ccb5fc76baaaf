package org.dasgrid.core.cluster;

import java.util.List;
import java.util.Map;

/** Fan-out reports for tests outside this package (their recording methods are package-private). */
public final class Reports {
  private Reports() {}

  /** A report of nodes (name → contigs, each with the given engine nanoseconds) and missing contigs. */
  public static FanOutReport of(Map<String, List<String>> answered, long dbNanos, Map<String, String> missing) {
    FanOutReport r = new FanOutReport();
    answered.forEach((node, contigs) -> r.answered(node, contigs, dbNanos));
    missing.forEach(r::missing);
    return r;
  }
}
