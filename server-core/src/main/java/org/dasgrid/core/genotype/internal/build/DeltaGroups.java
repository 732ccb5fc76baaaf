package org.dasgrid.core.genotype.internal.build;

import org.dasgrid.core.genotype.internal.column.IntList;
import org.dasgrid.core.genotype.internal.store.Corrections;

/**
 * Samples grouped by a small signed correction (an allele-count delta), each group ascending. Reused from
 * site to site; groups are filled in sample order.
 */
public final class DeltaGroups implements Corrections.Source {
  private static final int OFFSET = 4;
  private final IntList[] groups;

  public DeltaGroups(int maxDelta) {
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
  @Override
  public int size() {
    int n = 0;
    for (IntList g : groups) {
      if (g != null && !g.isEmpty()) {
        n++;
      }
    }
    return n;
  }

  /** Calls {@code sink} with each non-empty group, by ascending delta. */
  @Override
  public void forEach(Corrections.Source.Visitor sink) {
    for (int k = 0; k < groups.length; k++) {
      if (groups[k] != null && !groups[k].isEmpty()) {
        sink.accept(k - OFFSET, groups[k]);
      }
    }
  }
}
