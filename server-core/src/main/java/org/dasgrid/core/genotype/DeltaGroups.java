package org.dasgrid.core.genotype;

/**
 * Samples grouped by a small signed correction (an allele-count delta), each group ascending. Reused from
 * site to site; groups are filled in sample order.
 */
final class DeltaGroups {
  private static final int OFFSET = 4;
  private final IntList[] groups;

  DeltaGroups(int maxDelta) {
    groups = new IntList[maxDelta + OFFSET + 1];
  }

  void add(int sample, int delta) {
    if (delta == 0) {
      return;
    }
    int k = delta + OFFSET;
    if (k < 0 || k >= groups.length) {
      throw new IllegalArgumentException("allele count correction " + delta + " out of range");
    }
    if (groups[k] == null) {
      groups[k] = new IntList();
    }
    groups[k].add(sample);
  }

  void clear() {
    for (IntList g : groups) {
      if (g != null) {
        g.clear();
      }
    }
  }

  /** The number of non-empty groups. */
  int size() {
    int n = 0;
    for (IntList g : groups) {
      if (g != null && !g.isEmpty()) {
        n++;
      }
    }
    return n;
  }

  /** Calls {@code sink} with each non-empty group, by ascending delta. */
  void forEach(Sink sink) {
    for (int k = 0; k < groups.length; k++) {
      if (groups[k] != null && !groups[k].isEmpty()) {
        sink.accept(k - OFFSET, groups[k]);
      }
    }
  }

  /** Whether the group of this delta holds exactly {@code samples} (and is not empty). */
  boolean sameAs(int delta, IntList samples) {
    int k = delta + OFFSET;
    IntList g = k >= 0 && k < groups.length ? groups[k] : null;
    if (g == null || g.size() != samples.size()) {
      return false;
    }
    for (int i = 0; i < g.size(); i++) {
      if (g.get(i) != samples.get(i)) {
        return false;
      }
    }
    return true;
  }

  interface Sink {
    void accept(int delta, IntList samples);
  }
}
