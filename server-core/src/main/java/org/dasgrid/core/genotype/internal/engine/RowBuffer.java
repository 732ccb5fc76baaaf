package org.dasgrid.core.genotype.internal.engine;

import java.util.Arrays;
import org.dasgrid.core.genotype.internal.column.IntList;
import org.dasgrid.core.genotype.internal.store.RowCounts;

/**
 * Matched rows and their counts, a growing array per field (contig, row, het, hom, AC, AN): what a query's scan
 * collects, without an object per row. The analytics' rows extend it with their own fields ({@link #grow}).
 * Not thread-safe; one per query.
 */
public class RowBuffer implements RowCounts.Sink {
  private static final int START = 16;
  public int size;
  public int[] contig = new int[START];
  public int[] row = new int[START];
  public int[] het = new int[START];
  public int[] hom = new int[START];
  public int[] ac = new int[START];
  public int[] an = new int[START];

  @Override
  public final void add(int c, int r, int h, int o, int a, int n) {
    if (size == row.length) {
      grow(IntList.grow(size));
    }
    contig[size] = c;
    row[size] = r;
    het[size] = h;
    hom[size] = o;
    ac[size] = a;
    an[size] = n;
    size++;
  }

  /** Makes room for {@code more} rows beyond those held. */
  final void ensureRoom(int more) {
    if (more > row.length - size) {
      grow(size + more);
    }
  }

  /** Grows every field to {@code len} entries; a subclass grows its own fields too. */
  protected void grow(int len) {
    contig = Arrays.copyOf(contig, len);
    row = Arrays.copyOf(row, len);
    het = Arrays.copyOf(het, len);
    hom = Arrays.copyOf(hom, len);
    ac = Arrays.copyOf(ac, len);
    an = Arrays.copyOf(an, len);
  }
}
