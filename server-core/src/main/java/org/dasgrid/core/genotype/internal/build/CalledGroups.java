package org.dasgrid.core.genotype.internal.build;

import org.dasgrid.core.genotype.internal.column.IntList;
import org.dasgrid.core.genotype.internal.store.Corrections;

/**
 * A site's AN corrections as the engine stores them: the samples with a missing allele first, as one group
 * with their most common delta (so the statistics' missing-call set <em>is</em> that group's set, stored once),
 * then, by delta, the other samples whose called-allele count differs from the site's default, and the
 * missing ones whose delta differs from the first group's (by that difference).
 *
 * <p>Groups may therefore overlap (a partial call {@code ./1} on a diploid site is in the first group with
 * delta -2 and in a +1 group): a sample's correction is the sum of the deltas of the groups it is in, which
 * is how {@link Corrections} reads every entry. Before index format 3 the groups were disjoint by delta, and
 * a site with both {@code ./.} and {@code ./1} calls kept its missing set a second time beside them.
 * Reused from site to site; not thread-safe.
 */
public final class CalledGroups implements Corrections.Source {
  private static final int OFFSET = 2 * SiteCalls.MAX_PLOIDY;
  /** By delta + {@link #OFFSET}: the samples outside the missing set, and the missing ones by residual. */
  private final IntList[] outside = new IntList[2 * OFFSET + 1];
  private final IntList[] residual = new IntList[2 * OFFSET + 1];
  private final IntList merged = new IntList();
  private final IntList deltas = new IntList();
  private final int[] counts = new int[2 * OFFSET + 1];
  private IntList missing;
  private int firstDelta;
  /** The range of deltas (+ OFFSET) whose lists this site used. */
  private int low;
  private int high = 2 * OFFSET;

  /**
   * The groups of a finished site's calls: as {@link #of(DeltaGroups, IntList)} of its AN corrections and missing
   * calls, read from its calls in one pass when its default ploidy is 2 (every site of a diploid contig: its AN
   * corrections are then its odd calls' called alleles - 2, and the missing calls are among them).
   */
  public CalledGroups of(SiteCalls calls) {
    if (calls.ploidy() != 2) {
      return of(calls.anCorrections(), calls.missing());
    }
    clearLists();
    IntList missing = calls.missing();
    IntList odd = calls.oddSamples();
    IntList called = calls.oddCalled();
    this.missing = missing;
    deltas.clear();
    int i = 0;
    for (int k = 0; k < odd.size(); k++) {
      int s = odd.get(k);
      int delta = called.get(k) - 2;
      if (i < missing.size() && missing.get(i) == s) {
        deltas.add(delta);
        i++;
      } else if (delta != 0) {
        list(outside, delta).add(s);
      }
    }
    if (i != missing.size()) {
      throw new IllegalStateException("a missing call that is not an odd call");
    }
    groupMissing();
    return this;
  }

  /** Regroups {@code an} (disjoint, by delta) with {@code missing} (ascending) first. */
  public CalledGroups of(DeltaGroups an, IntList missing) {
    clearLists();
    this.missing = missing;
    deltas.clear();
    for (int i = 0; i < missing.size(); i++) {
      deltas.add(0);
    }
    an.forEach((delta, samples) -> {
      int i = 0;
      for (int k = 0; k < samples.size(); k++) {
        int s = samples.get(k);
        while (i < missing.size() && missing.get(i) < s) {
          i++;
        }
        if (i < missing.size() && missing.get(i) == s) {
          deltas.set(i, delta);
        } else {
          list(outside, delta).add(s);
        }
      }
    });
    groupMissing();
    return this;
  }

  /** The first group's delta, the most common of the missing calls', and the others' residuals. */
  private void groupMissing() {
    firstDelta = mostCommon(deltas);
    for (int i = 0; i < missing.size(); i++) {
      if (deltas.get(i) != firstDelta) {
        list(residual, deltas.get(i) - firstDelta).add(missing.get(i));
      }
    }
  }

  /** Empties the lists used by the last site (only those: most sites use one or two of the 129 deltas). */
  private void clearLists() {
    for (int k = low; k <= high; k++) {
      clear(outside, k);
      clear(residual, k);
    }
    low = outside.length;
    high = -1;
  }

  /** The most common value (the lowest of equally common ones); 0 for none. */
  private int mostCommon(IntList values) {
    if (values.isEmpty()) {
      return 0;
    }
    int[] counts = this.counts; // reused: a site with missing calls is most sites of a cohort
    int low = counts.length;
    int high = -1;
    for (int i = 0; i < values.size(); i++) {
      int k = values.get(i) + OFFSET;
      counts[k]++;
      low = Math.min(low, k);
      high = Math.max(high, k);
    }
    int best = 0;
    int bestCount = 0;
    for (int k = low; k <= high; k++) {
      if (counts[k] > bestCount) {
        best = k - OFFSET;
        bestCount = counts[k];
      }
      counts[k] = 0;
    }
    return best;
  }

  private static void clear(IntList[] lists, int k) {
    if (lists[k] != null) {
      lists[k].clear();
    }
  }

  private IntList list(IntList[] lists, int delta) {
    int k = delta + OFFSET;
    if (k < 0 || k >= lists.length) {
      throw new IllegalArgumentException("allele count correction " + delta + " out of range");
    }
    low = Math.min(low, k);
    high = Math.max(high, k);
    if (lists[k] == null) {
      lists[k] = new IntList();
    }
    return lists[k];
  }

  /** Whether the missing set leads (group 0 is it). */
  public boolean missingFirst() {
    return !missing.isEmpty();
  }

  @Override
  public int size() {
    int n = missing.isEmpty() ? 0 : 1;
    for (int k = low; k <= high; k++) {
      if (nonEmpty(outside, k) || nonEmpty(residual, k)) {
        n++;
      }
    }
    return n;
  }

  private static boolean nonEmpty(IntList[] lists, int k) {
    return lists[k] != null && !lists[k].isEmpty();
  }

  @Override
  public void forEach(Corrections.Source.Visitor sink) {
    if (!missing.isEmpty()) {
      sink.accept(firstDelta, missing);
    }
    for (int k = low; k <= high; k++) {
      boolean o = nonEmpty(outside, k);
      boolean r = nonEmpty(residual, k);
      if (o && r) {
        sink.accept(k - OFFSET, merge(outside[k], residual[k]));
      } else if (o || r) {
        sink.accept(k - OFFSET, o ? outside[k] : residual[k]);
      }
    }
  }

  /** The two (disjoint, ascending) lists as one ascending list. */
  private IntList merge(IntList a, IntList b) {
    merged.clear();
    int i = 0;
    int j = 0;
    while (i < a.size() || j < b.size()) {
      if (j == b.size() || i < a.size() && a.get(i) < b.get(j)) {
        merged.add(a.get(i++));
      } else {
        merged.add(b.get(j++));
      }
    }
    return merged;
  }
}
