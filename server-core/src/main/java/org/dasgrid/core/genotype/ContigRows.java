package org.dasgrid.core.genotype;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The rows (ALT alleles) of one contig in primitive arrays, sorted by position, then ALT, then REF, then file
 * order. A row's text (ID, REF, ALT) lives in one byte pool; its sets are handles into {@link SampleSets};
 * its AC and AN corrections are offsets into the engine's correction pool (-1 for none).
 *
 * <p>Overlap search: a row overlaps {@code [start, stop]} when {@code pos <= stop && end >= start}. Rows are
 * sorted by {@code pos}, so a scan may start at the first row with {@code pos >= start - LONG_SPAN + 1}, as
 * long as the few rows spanning more than {@code LONG_SPAN} bases (large deletions, SVs) are checked from
 * their own list.
 */
final class ContigRows {
  static final int LONG_SPAN = 1024;

  final String name;
  final int size;
  final int[] pos;
  final int[] end;
  final int[] het;
  final int[] hom;
  final int[] acFix;
  final int[] anFix;
  final byte[] ploidy;
  private final int[] textStart;
  private final byte[] text;
  private final int[] longRows;

  ContigRows(String name, int size, int[] pos, int[] end, int[] het, int[] hom, int[] acFix, int[] anFix,
      byte[] ploidy, int[] textStart, byte[] text) {
    this.name = name;
    this.size = size;
    this.pos = pos;
    this.end = end;
    this.het = het;
    this.hom = hom;
    this.acFix = acFix;
    this.anFix = anFix;
    this.ploidy = ploidy;
    this.textStart = textStart;
    this.text = text;
    IntList longOnes = new IntList();
    for (int r = 0; r < size; r++) {
      if ((long) end[r] - pos[r] >= LONG_SPAN) {
        longOnes.add(r);
      }
    }
    this.longRows = longOnes.toArray();
  }

  /** Visits a row; returns false to stop the scan. */
  interface RowVisitor {
    boolean visit(int row);
  }

  /**
   * Visits, in row order and each once, the rows overlapping any of the ranges; {@code starts}/{@code stops}
   * are sorted and disjoint. Returns false if the visitor stopped the scan.
   */
  boolean scan(int[] starts, int[] stops, int ranges, RowVisitor visitor) {
    int watermark = 0; // rows below it were already considered for an earlier range
    for (int k = 0; k < ranges; k++) {
      int start = starts[k];
      int stop = stops[k];
      int from = Math.max(watermark, firstAtOrAfter((int) Math.max(Integer.MIN_VALUE, (long) start - LONG_SPAN + 1)));
      for (int i = firstLongAtOrAfter(watermark); i < longRows.length && longRows[i] < from; i++) {
        int r = longRows[i];
        if (end[r] >= start && !visitor.visit(r)) {
          return false;
        }
      }
      int r = from;
      for (; r < size && pos[r] <= stop; r++) {
        if (end[r] >= start && !visitor.visit(r)) {
          return false;
        }
      }
      watermark = Math.max(watermark, r);
    }
    return true;
  }

  /** The first row with {@code pos >= p}. */
  private int firstAtOrAfter(int p) {
    int lo = 0;
    int hi = size;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (pos[mid] < p) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  private int firstLongAtOrAfter(int row) {
    int i = Arrays.binarySearch(longRows, row);
    return i >= 0 ? i : -i - 1;
  }

  /** ID, REF and ALT of a row. */
  String[] text(int row) {
    int from = textStart[row];
    int to = textStart[row + 1];
    int t1 = from;
    while (text[t1] != '\t') {
      t1++;
    }
    int t2 = t1 + 1;
    while (text[t2] != '\t') {
      t2++;
    }
    return new String[] {
      new String(text, from, t1 - from, StandardCharsets.UTF_8),
      new String(text, t1 + 1, t2 - t1 - 1, StandardCharsets.UTF_8),
      new String(text, t2 + 1, to - t2 - 1, StandardCharsets.UTF_8)
    };
  }

  long heapBytes() {
    return 7L * 16 + size * (6L * 4 + 1) + textStart.length * 4L + text.length + longRows.length * 4L + 64;
  }
}
