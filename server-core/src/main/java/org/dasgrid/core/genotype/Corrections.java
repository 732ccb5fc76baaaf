package org.dasgrid.core.genotype;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The AC/AN corrections of the engine: groups of samples whose allele count differs from the site default
 * by a delta (missing, partial, haploid, polyploid calls). An entry is {@code n} followed by {@code n} pairs
 * (delta, set handle) in paged int arrays (256 KB pages, no entry straddles two); rows refer to entries by
 * index, -1 for none.
 */
final class Corrections {
  private static final int PAGE_BITS = 16;
  private static final int PAGE = 1 << PAGE_BITS;
  private final int[][] pages;

  private Corrections(int[][] pages) {
    this.pages = pages;
  }

  /** {@code sum(delta * |chosen ∩ group|)} over the entry at {@code at}; 0 for -1. */
  int sum(int at, SampleSelection sel, SampleSets sets) {
    if (at < 0) {
      return 0;
    }
    int[] page = pages[at >>> PAGE_BITS];
    int i = at & (PAGE - 1);
    int n = page[i++];
    int sum = 0;
    for (int k = 0; k < n; k++, i += 2) {
      sum += page[i] * sets.andCardinality(page[i + 1], sel);
    }
    return sum;
  }

  /** Counts the forms of the sets the entries refer to, into {@code forms} (indexed by handle tag). */
  void countForms(long[] forms) {
    for (int[] page : pages) {
      for (int i = 0; i < page.length; ) {
        int n = page[i++];
        for (int k = 0; k < n; k++, i += 2) {
          forms[page[i + 1] & 3]++;
        }
      }
    }
  }

  long heapBytes() {
    long bytes = 16L + pages.length * 4L;
    for (int[] page : pages) {
      bytes += 16 + page.length * 4L;
    }
    return bytes;
  }

  /** Collects entries; not thread-safe. */
  static final class Builder {
    private final List<int[]> pages = new ArrayList<>();
    private int used = PAGE;

    /** Stores the groups (their sets through {@code sets}) and returns the entry's index, or -1 if none. */
    int add(DeltaGroups groups, SampleSets.Builder sets) {
      int n = groups.size();
      if (n == 0) {
        return -1;
      }
      int length = 1 + 2 * n;
      if (used + length > PAGE) {
        pages.add(new int[PAGE]);
        used = 0;
      }
      long index = (long) (pages.size() - 1) * PAGE + used;
      if (index > Integer.MAX_VALUE) {
        throw new IllegalStateException("too many allele-count corrections for one engine");
      }
      int[] page = pages.get(pages.size() - 1);
      int[] i = {used};
      page[i[0]++] = n;
      groups.forEach((delta, samples) -> {
        page[i[0]++] = delta;
        page[i[0]++] = sets.add(samples.raw(), samples.size());
      });
      used += length;
      return (int) index;
    }

    /** The set handle of the group with this delta in the entry at {@code at}, or -1 if it has none. */
    int handleOf(int at, int delta) {
      if (at < 0) {
        return -1;
      }
      int[] page = pages.get(at >>> PAGE_BITS);
      int i = at & (PAGE - 1);
      int n = page[i++];
      for (int k = 0; k < n; k++, i += 2) {
        if (page[i] == delta) {
          return page[i + 1];
        }
      }
      return -1;
    }

    Corrections build() {
      int[][] out = pages.toArray(int[][]::new);
      if (out.length > 0) {
        out[out.length - 1] = Arrays.copyOf(out[out.length - 1], used);
      }
      return new Corrections(out);
    }
  }
}
