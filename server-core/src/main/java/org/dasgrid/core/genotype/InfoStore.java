package org.dasgrid.core.genotype;

import java.util.Arrays;

/**
 * The raw INFO column of a contig's records, for the INFO and annotation filters: one byte pool in file
 * order (a multi-allelic record's text once for all its rows) and, per row in row order, where its record's
 * text starts and ends. Only kept when the source asks for it (the filters read it; other answers never do).
 */
final class InfoStore {
  static final InfoStore NONE = new InfoStore(new byte[0], new int[0], new int[0]);
  private final byte[] pool;
  private final int[] start;
  private final int[] end;

  private InfoStore(byte[] pool, int[] start, int[] end) {
    this.pool = pool;
    this.start = start;
    this.end = end;
  }

  boolean isEmpty() {
    return start.length == 0;
  }

  byte[] pool() {
    return pool;
  }

  int start(int row) {
    return start[row];
  }

  int end(int row) {
    return end[row];
  }

  long heapBytes() {
    return 3 * 16L + pool.length + 8L * start.length;
  }

  /** Records' INFO text in file order; rows point at their record's. */
  static final class Builder {
    private byte[] pool = new byte[1024];
    private int size;
    private final IntList start = new IntList();
    private final IntList end = new IntList();
    private int siteStart;
    private int siteEnd;

    /** The current record's INFO text ({@code .} or empty: none). */
    void site(byte[] b, int from, int to) {
      if (to - from == 1 && b[from] == '.') {
        to = from;
      }
      if ((long) size + (to - from) > Integer.MAX_VALUE - 16) {
        throw new IllegalStateException("more than 2 GB of INFO text on one contig");
      }
      if (size + (to - from) > pool.length) {
        pool = Arrays.copyOf(pool, Math.max(size + (to - from), IntList.grow(pool.length)));
      }
      System.arraycopy(b, from, pool, size, to - from);
      siteStart = size;
      size += to - from;
      siteEnd = size;
    }

    /** A row of the current record (call after {@link #site}, or with no INFO when it was not called). */
    void row(boolean hasSite) {
      start.add(hasSite ? siteStart : 0);
      end.add(hasSite ? siteEnd : 0);
    }

    InfoStore build(int[] order) {
      if (start.isEmpty()) {
        return NONE;
      }
      int[] s = new int[order.length];
      int[] e = new int[order.length];
      for (int i = 0; i < order.length; i++) {
        s[i] = start.get(order[i]);
        e[i] = end.get(order[i]);
      }
      return new InfoStore(Arrays.copyOf(pool, size), s, e);
    }
  }
}
