package org.dasgrid.core.genotype.internal.build;

import java.util.Arrays;
import java.util.Comparator;

/**
 * The answer order of a contig's rows: position, then ALT, then REF (bytewise), then file order. Files
 * sorted by position are the rule, so this checks first and sorts only when needed.
 */
public final class RowOrder {
  private RowOrder() {}

  /** Row numbers in answer order; rows' text is {@code ID\tREF\tALT} starting at {@code textStart[r]}. */
  public static int[] sort(int size, int[] pos, int[] textStart, int textSize, byte[] text) {
    int[] refAt = new int[size];
    int[] altAt = new int[size];
    int[] stop = new int[size];
    for (int r = 0; r < size; r++) {
      int t = textStart[r];
      while (text[t] != '\t') {
        t++;
      }
      refAt[r] = t + 1;
      t++;
      while (text[t] != '\t') {
        t++;
      }
      altAt[r] = t + 1;
      stop[r] = r + 1 < size ? textStart[r + 1] : textSize;
    }
    Comparator<Integer> byAnswerOrder = (a, b) -> {
      int c = Integer.compare(pos[a], pos[b]);
      if (c != 0) {
        return c;
      }
      c = Arrays.compareUnsigned(text, altAt[a], stop[a], text, altAt[b], stop[b]);
      if (c != 0) {
        return c;
      }
      c = Arrays.compareUnsigned(text, refAt[a], altAt[a] - 1, text, refAt[b], altAt[b] - 1);
      return c != 0 ? c : Integer.compare(a, b);
    };
    int[] order = new int[size];
    boolean sorted = true;
    for (int r = 0; r < size; r++) {
      order[r] = r;
      if (r > 0 && sorted && byAnswerOrder.compare(r - 1, r) > 0) {
        sorted = false;
      }
    }
    if (sorted) {
      return order;
    }
    Integer[] boxed = new Integer[size];
    Arrays.setAll(boxed, i -> i);
    Arrays.sort(boxed, byAnswerOrder);
    for (int i = 0; i < size; i++) {
      order[i] = boxed[i];
    }
    return order;
  }
}
