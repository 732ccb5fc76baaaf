package org.dasgrid.core.genotype.internal.store;

import java.util.Arrays;
import org.dasgrid.core.genotype.internal.column.ByteColumn;
import org.dasgrid.core.genotype.internal.column.IntColumn;
import org.dasgrid.core.genotype.internal.column.IntList;

/**
 * The raw INFO column of a contig's records, for the INFO and annotation filters: one byte pool in file
 * order (a multi-allelic record's text once for all its rows) and, per row in row order, where its record's
 * text starts and ends. Only kept when the source asks for it (the filters read it; other answers never do).
 */
public final class InfoStore {
  public static final InfoStore NONE = new InfoStore(ByteColumn.of(new byte[0]), IntColumn.of(new int[0]),
      IntColumn.of(new int[0]));
  private final ByteColumn pool;
  private final IntColumn start;
  private final IntColumn end;

  /** The pool and offsets, on the heap or mapped from an index file ({@link org.dasgrid.core.genotype.GenotypeIndexFile}). */
  public InfoStore(ByteColumn pool, IntColumn start, IntColumn end) {
    this.pool = pool;
    this.start = start;
    this.end = end;
  }

  public boolean isEmpty() {
    return start.length() == 0;
  }

  public ByteColumn pool() {
    return pool;
  }

  public IntColumn starts() {
    return start;
  }

  public IntColumn ends() {
    return end;
  }

  int start(int row) {
    return start.get(row);
  }

  int end(int row) {
    return end.get(row);
  }

  /** Whether no row has INFO text (the offsets are all 0, and an index file keeps none). */
  public boolean hasNoText() {
    return pool.length() == 0;
  }

  public long heapBytes() {
    if (hasNoText()) {
      return 3 * 16L;
    }
    return pool.array() == null && !isEmpty() ? 64 : 3 * 16L + pool.length() + 8L * start.length();
  }

  /**
   * One query's view of rows' INFO text as {@code bytes()[from(), to())}: the heap pool itself, or a mapped
   * row's text copied into a buffer of its own (a few hundred bytes; nothing else of the pool is read).
   */
  public final class Reader {
    private final byte[] heap = pool.array();
    private byte[] bytes = heap;
    private int from;
    private int to;

    /** Makes row {@code row}'s text the current one. */
    public void at(int row) {
      int s = start.get(row);
      int e = end.get(row);
      if (heap != null) {
        from = s;
        to = e;
        return;
      }
      if (bytes == null || bytes.length < e - s) {
        bytes = new byte[Math.max(256, e - s)];
      }
      pool.copy(s, bytes, 0, e - s);
      from = 0;
      to = e - s;
    }

    public byte[] bytes() {
      return bytes;
    }

    public int from() {
      return from;
    }

    public int to() {
      return to;
    }
  }

  /** Records' INFO text in file order; rows point at their record's. */
  public static final class Builder {
    private byte[] pool = new byte[1024];
    private int size;
    private final IntList start = new IntList();
    private final IntList end = new IntList();
    private int siteStart;
    private int siteEnd;

    /** The current record's INFO text ({@code .} or empty: none). */
    public void site(byte[] b, int from, int to) {
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
    public void row(boolean hasSite) {
      start.add(hasSite ? siteStart : 0);
      end.add(hasSite ? siteEnd : 0);
    }

    public InfoStore build(int[] order) {
      if (start.isEmpty()) {
        return NONE;
      }
      if (size == 0) {
        // no record of the contig has INFO (a VCF of '.'): every row's text is empty, no offsets kept
        return new InfoStore(ByteColumn.of(new byte[0]), IntColumn.zeros(order.length),
            IntColumn.zeros(order.length));
      }
      int[] s = new int[order.length];
      int[] e = new int[order.length];
      for (int i = 0; i < order.length; i++) {
        s[i] = start.get(order[i]);
        e[i] = end.get(order[i]);
      }
      return new InfoStore(ByteColumn.of(Arrays.copyOf(pool, size)), IntColumn.of(s), IntColumn.of(e));
    }
  }
}
