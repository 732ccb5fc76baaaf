package org.dasgrid.core.genotype.internal.store;

import org.dasgrid.core.genotype.internal.column.LongColumn;
import org.dasgrid.core.genotype.internal.sets.SampleSets;

/**
 * One bit per row of a contig: whether any sample is het (hom) for it, so a whole-cohort scan of a gene skips
 * the rows nobody carries 64 at a time instead of reading each one's set handle.
 */
public final class CarriedRows {
  final LongColumn anyHet;
  final LongColumn anyHom;

  CarriedRows(LongColumn anyHet, LongColumn anyHom) {
    this.anyHet = anyHet;
    this.anyHom = anyHom;
  }

  /** The bits of {@code size} rows whose het and hom set handles are given. */
  static CarriedRows of(int size, int[] het, int[] hom) {
    return new CarriedRows(LongColumn.of(nonEmpty(het, size)), LongColumn.of(nonEmpty(hom, size)));
  }

  private static long[] nonEmpty(int[] sets, int size) {
    long[] bits = new long[(size + 63) >>> 6];
    for (int r = 0; r < size; r++) {
      if (sets[r] != SampleSets.EMPTY) {
        bits[r >>> 6] |= 1L << r;
      }
    }
    return bits;
  }

  /**
   * The first row in {@code [from, to)} at or after {@code from} for which some sample is het (if {@code het})
   * or hom (if {@code hom}); {@code to} if none.
   */
  public int nextCarried(int from, int to, boolean het, boolean hom) {
    if (from >= to) {
      return to;
    }
    int w = from >>> 6;
    long bits = carriedWord(w, het, hom) & (-1L << from);
    int last = (to - 1) >>> 6;
    while (bits == 0) {
      if (++w > last) {
        return to;
      }
      bits = carriedWord(w, het, hom);
    }
    return Math.min(to, (w << 6) + Long.numberOfTrailingZeros(bits));
  }

  /** How many rows in {@code [from, to)} some sample is het (if {@code het}) or hom (if {@code hom}) for. */
  public int countCarried(int from, int to, boolean het, boolean hom) {
    if (from >= to) {
      return 0;
    }
    int first = from >>> 6;
    int last = (to - 1) >>> 6;
    int n = 0;
    for (int w = first; w <= last; w++) {
      long bits = carriedWord(w, het, hom);
      if (w == first) {
        bits &= -1L << from;
      }
      if (w == last) {
        bits &= -1L >>> (63 - ((to - 1) & 63));
      }
      n += Long.bitCount(bits);
    }
    return n;
  }

  /**
   * Rows {@code 64w} to {@code 64w + 63}, one bit each: some sample is het (if {@code het}) or hom (if {@code
   * hom}) for it. For a caller walking many carried rows, which then reads each word once rather than once a row
   * as {@link #nextCarried} does.
   */
  public long carriedWord(int w, boolean het, boolean hom) {
    return (het ? anyHet.get(w) : 0) | (hom ? anyHom.get(w) : 0);
  }
}
