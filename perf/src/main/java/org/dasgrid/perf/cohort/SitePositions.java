package org.dasgrid.perf.cohort;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Record positions for a generated cohort: fixed shares in dense regions (TP53, BRCA2, chrM, a benchmark gene:
 * densely covered, like gnomAD's coverage of them), the rest spread uniformly over the contigs by length (chrM
 * takes only its dense share). Sorted and distinct per contig.
 */
final class SitePositions {
  private SitePositions() {}

  /** A region that gets {@code records} positions of its own, uniformly within it. */
  record Dense(Grch38.Region region, int records) {}

  /**
   * One sorted array of distinct positions per contig of {@code contigs}, {@code records} in all; a dense
   * region on a contig not in the list gets none (its share goes to the spread). Draws per contig in order:
   * the spread, then the contig's dense regions in list order.
   */
  static int[][] draw(List<Grch38.Contig> contigs, int records, List<Dense> dense, SplittableRandom rnd) {
    int rest = records;
    for (Dense d : dense) {
      if (contigs.stream().anyMatch(c -> c.name().equals(d.region().contig()))) {
        rest -= d.records();
      }
    }
    long genome = contigs.stream().filter(c -> !c.name().equals("chrM")).mapToLong(Grch38.Contig::length).sum();
    int[] counts = new int[contigs.size()];
    int assigned = 0;
    for (int c = 0; c < contigs.size(); c++) {
      if (!contigs.get(c).name().equals("chrM")) {
        counts[c] = (int) (rest * (double) contigs.get(c).length() / genome);
        assigned += counts[c];
      }
    }
    counts[0] += rest - assigned;
    int[][] out = new int[contigs.size()][];
    for (int c = 0; c < contigs.size(); c++) {
      Grch38.Contig contig = contigs.get(c);
      List<int[]> parts = new ArrayList<>();
      parts.add(uniform(rnd, counts[c], 1, contig.length()));
      for (Dense d : dense) {
        if (d.region().contig().equals(contig.name())) {
          parts.add(uniform(rnd, d.records(), d.region().start(), d.region().end()));
        }
      }
      out[c] = distinct(parts.stream().flatMapToInt(Arrays::stream).toArray(), contig.length());
    }
    return out;
  }

  private static int[] uniform(SplittableRandom rnd, int n, int from, int to) {
    int[] p = new int[n];
    for (int i = 0; i < n; i++) {
      p[i] = from + rnd.nextInt(to - from + 1);
    }
    return p;
  }

  /** Sorted, with repeats moved to the next free base (so records never share a position). */
  private static int[] distinct(int[] p, int length) {
    Arrays.sort(p);
    for (int i = 1; i < p.length; i++) {
      if (p[i] <= p[i - 1]) {
        p[i] = p[i - 1] + 1;
      }
    }
    // a crowded contig end: shift back from the end
    for (int i = p.length - 1, max = length; i >= 0 && p[i] > max; i--, max--) {
      p[i] = max;
    }
    return p;
  }
}
