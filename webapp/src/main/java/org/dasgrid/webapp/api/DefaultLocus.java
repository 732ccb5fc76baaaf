package org.dasgrid.webapp.api;

import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.EntryPoint;
import org.dasgrid.core.source.FeatureFilter;

/**
 * Where a genome view of a source opens: 10 kb starting at the first feature of the first reference that carries
 * any, as {@code REF:START-END} (so a source whose features start deep into a chromosome does not open on an
 * empty view).
 */
public final class DefaultLocus {
  private static final int WIDTH = 10_000;

  private DefaultLocus() {}

  public static String of(LoadedSource source) {
    DataSource data = source.data();
    var refs = data.entryPoints();
    if (refs.isEmpty()) {
      return "";
    }
    for (EntryPoint e : refs) {
      if (count(data, e.name(), e.length()) > 0) {
        int first = firstStart(data, e);
        int start = Math.max(1, Math.min(first, e.length() - WIDTH + 1));
        return e.name() + ":" + start + "-" + Math.min(e.length(), start + WIDTH - 1);
      }
    }
    EntryPoint e = refs.get(0);
    return e.name() + ":1-" + Math.min(e.length(), WIDTH);
  }

  /**
   * The smallest position p with a feature overlapping 1..p, which is the first feature's start: found by
   * bisection on counts, since the index answers counts without visiting features.
   */
  private static int firstStart(DataSource data, EntryPoint e) {
    int lo = 1;
    int hi = e.length();
    while (lo < hi) {
      int mid = lo + (hi - lo) / 2;
      if (count(data, e.name(), mid) > 0) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return lo;
  }

  private static int count(DataSource data, String ref, int stop) {
    return data.countFeatures(new Segment(ref, 1, stop), FeatureFilter.ANY);
  }
}
