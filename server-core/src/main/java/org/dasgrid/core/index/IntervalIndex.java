package org.dasgrid.core.index;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;

/**
 * Overlap queries over the intervals of one contig in O(log n + k), in a compact layout: items sorted by
 * start, with three parallel {@code int} arrays (start, end, and the largest end in each implicit subtree).
 *
 * <p>This is the implicit augmented interval tree of Heng Li's cgranges: the sorted array is itself a
 * balanced binary tree (node at index i of level k has children at i ± 2^(k-1)), so no node objects are
 * allocated and a query visits only subtrees whose maximum end reaches the query. Results come back in
 * start order. Coordinates are 1-based inclusive, as in DAS. Immutable and safe to share between threads.
 *
 * @param <T> the item stored with each interval
 */
public final class IntervalIndex<T> {
  private final int[] starts;
  private final int[] ends;
  private final int[] maxEnds;
  private final Object[] items;
  private final int rootLevel;
  private final int maxEnd;

  private IntervalIndex(int[] starts, int[] ends, Object[] items) {
    this.starts = starts;
    this.ends = ends;
    this.items = items;
    this.maxEnds = new int[starts.length];
    this.rootLevel = buildMaxEnds();
    int m = 0;
    for (int e : ends) {
      m = Math.max(m, e);
    }
    this.maxEnd = m;
  }

  /** An index over the given items; their order does not matter. */
  public static <T> IntervalIndex<T> of(
      List<T> items, java.util.function.ToIntFunction<T> start, java.util.function.ToIntFunction<T> end) {
    Object[] sorted = items.toArray();
    @SuppressWarnings("unchecked")
    Comparator<Object> byStart =
        Comparator.comparingInt(o -> start.applyAsInt((T) o));
    @SuppressWarnings("unchecked")
    Comparator<Object> order = byStart.thenComparingInt(o -> end.applyAsInt((T) o));
    Arrays.sort(sorted, order);
    int n = sorted.length;
    int[] s = new int[n];
    int[] e = new int[n];
    for (int i = 0; i < n; i++) {
      @SuppressWarnings("unchecked")
      T t = (T) sorted[i];
      s[i] = start.applyAsInt(t);
      e[i] = end.applyAsInt(t);
      if (e[i] < s[i]) {
        throw new IllegalArgumentException("interval end " + e[i] + " < start " + s[i]);
      }
    }
    return new IntervalIndex<>(s, e, sorted);
  }

  /** Fills {@link #maxEnds} bottom-up and returns the level of the root (cgranges' cr_index1). */
  private int buildMaxEnds() {
    int n = starts.length;
    if (n == 0) {
      return -1;
    }
    int lastI = 0;
    int last = 0;
    for (int i = 0; i < n; i += 2) {
      lastI = i;
      last = maxEnds[i] = ends[i];
    }
    int k;
    for (k = 1; (1L << k) <= n; k++) {
      int x = 1 << (k - 1);
      long i0 = (x << 1) - 1L;
      long step = (long) x << 2;
      for (long li = i0; li < n; li += step) {
        int i = (int) li;
        int el = maxEnds[i - x];
        int er = i + x < n ? maxEnds[i + x] : last;
        maxEnds[i] = Math.max(ends[i], Math.max(el, er));
      }
      lastI = ((lastI >> k) & 1) != 0 ? lastI - x : lastI + x;
      if (lastI < n && maxEnds[lastI] > last) {
        last = maxEnds[lastI];
      }
    }
    return k - 1;
  }

  public int size() {
    return starts.length;
  }

  /** The largest end coordinate of any interval, 0 when empty. */
  public int maxEnd() {
    return maxEnd;
  }

  /** The i-th item in start order. */
  @SuppressWarnings("unchecked")
  public T get(int i) {
    return (T) items[i];
  }

  /** Calls {@code sink} with every item overlapping [{@code from}, {@code to}], in start order. */
  public void forEachOverlapping(int from, int to, Consumer<? super T> sink) {
    visit(from, to, i -> sink.accept(get(i)));
  }

  /** The number of items overlapping [{@code from}, {@code to}]. */
  public int countOverlapping(int from, int to) {
    int[] count = new int[1];
    visit(from, to, i -> count[0]++);
    return count[0];
  }

  /** Positions (in start order) of the items overlapping [{@code from}, {@code to}]. */
  public void visit(int from, int to, java.util.function.IntConsumer sink) {
    int n = starts.length;
    if (n == 0 || from > to) {
      return;
    }
    // explicit stack of (level, node, leftDone); 64 levels cover any int-sized array
    int[] stackK = new int[64];
    int[] stackX = new int[64];
    boolean[] stackW = new boolean[64];
    int t = 0;
    stackK[t] = rootLevel;
    stackX[t] = (1 << rootLevel) - 1;
    stackW[t++] = false;
    while (t > 0) {
      t--;
      int k = stackK[t];
      int x = stackX[t];
      boolean leftDone = stackW[t];
      if (k <= 3) {
        // small subtree: a linear scan is cheaper than descending
        int i0 = x >> k << k;
        long i1 = Math.min((long) i0 + (1L << (k + 1)) - 1, n);
        for (int i = i0; i < i1 && starts[i] <= to; i++) {
          if (ends[i] >= from) {
            sink.accept(i);
          }
        }
      } else if (!leftDone) {
        int y = x - (1 << (k - 1));
        stackK[t] = k;
        stackX[t] = x;
        stackW[t++] = true;
        if (y >= n || maxEnds[y] >= from) {
          stackK[t] = k - 1;
          stackX[t] = y;
          stackW[t++] = false;
        }
      } else if (x < n && starts[x] <= to) {
        if (ends[x] >= from) {
          sink.accept(x);
        }
        stackK[t] = k - 1;
        stackX[t] = x + (1 << (k - 1));
        stackW[t++] = false;
      }
    }
  }

  /** Approximate heap footprint of the index arrays, excluding the items themselves. */
  public long indexBytes() {
    return 3L * 4 * starts.length + 8L * items.length + 64;
  }
}
