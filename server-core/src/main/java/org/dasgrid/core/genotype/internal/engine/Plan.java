package org.dasgrid.core.genotype.internal.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.dasgrid.core.segment.Segment;

/** The ranges of a query on one contig, merged, sorted and disjoint: what a contig's scan visits. */
public record Plan(int contig, int[] starts, int[] stops, int ranges) {

  /**
   * A query's segments as per-contig plans, in contig order; segments on contigs the engine does not have are
   * dropped, and overlapping or adjacent ones joined.
   */
  static List<Plan> of(List<Segment> segments, Map<String, Integer> contigNumbers) {
    Map<Integer, List<Segment>> byContig = new TreeMap<>();
    for (Segment s : segments) {
      Integer c = contigNumbers.get(s.ref());
      if (c != null) {
        byContig.computeIfAbsent(c, k -> new ArrayList<>()).add(s);
      }
    }
    List<Plan> plans = new ArrayList<>(byContig.size());
    for (Map.Entry<Integer, List<Segment>> e : byContig.entrySet()) {
      List<Segment> list = e.getValue();
      list.sort((a, b) -> Integer.compare(a.start(), b.start()));
      int[] starts = new int[list.size()];
      int[] stops = new int[list.size()];
      int n = 0;
      for (Segment s : list) {
        if (n > 0 && s.start() <= stops[n - 1] + 1L) {
          stops[n - 1] = Math.max(stops[n - 1], s.stop());
        } else {
          starts[n] = s.start();
          stops[n] = s.stop();
          n++;
        }
      }
      plans.add(new Plan(e.getKey(), starts, stops, n));
    }
    return plans;
  }
}
