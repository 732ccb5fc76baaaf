package org.dasgrid.core.genotype.cohort;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.dasgrid.core.genotype.RowCalls;

/**
 * The weights by the keys a row may match: its VCF ID, or its {@code CHROM:POS:REF:ALT}. Every row of the
 * genome is tested, so the test must not make strings: a row's ID hash and its position are first looked
 * up in two bit filters (2^22 bits each), and only a hit makes the row's ID or coordinate key to look up.
 */
final class WeightLookup {
  private static final int FILTER_BITS = 22;
  private final Map<String, int[]> byKey;
  private final long[] ids = new long[1 << (FILTER_BITS - 6)];
  private final long[] positions = new long[1 << (FILTER_BITS - 6)];
  private final boolean coordinates;

  WeightLookup(List<ScoreWeights.Weight> weights) {
    byKey = new HashMap<>(2 * weights.size());
    boolean anyCoordinates = false;
    for (int j = 0; j < weights.size(); j++) {
      String key = weights.get(j).variant();
      int[] old = byKey.putIfAbsent(key, new int[] {j});
      if (old != null) {
        int[] now = Arrays.copyOf(old, old.length + 1);
        now[old.length] = j;
        byKey.put(key, now);
      }
      set(ids, RowCalls.idHash(key));
      if (key.indexOf(':') > 0) {
        anyCoordinates = true;
        setPositions(key);
      }
    }
    this.coordinates = anyCoordinates;
  }

  /** Every all-digit colon-separated field of the key (the position; a contig's name may hold colons too). */
  private void setPositions(String key) {
    long value = 0;
    int digits = 0;
    for (int i = 0; i <= key.length(); i++) {
      char ch = i < key.length() ? key.charAt(i) : ':';
      if (ch == ':') {
        if (digits > 0 && digits <= 10 && value <= Integer.MAX_VALUE) {
          set(positions, (int) value);
        }
        value = 0;
        digits = 0;
      } else if (ch >= '0' && ch <= '9' && digits >= 0) {
        value = 10 * value + (ch - '0');
        digits++;
      } else {
        digits = -1; // not a number: skip to the next colon
      }
    }
  }

  /** The weights (indices) keyed by this row's ID, then those keyed by its coordinates; null if none. */
  int[] find(RowCalls row) {
    int[] hits = has(ids, row.idHash()) ? byKey.get(row.id()) : null;
    if (coordinates && has(positions, row.pos())) {
      int[] more = byKey.get(row.contig() + ":" + row.pos() + ":" + row.ref() + ":" + row.alt());
      if (more != null) {
        hits = hits == null ? more : concat(hits, more);
      }
    }
    return hits;
  }

  private static int slot(int value) {
    return (value * 0x9E3779B9) >>> (32 - FILTER_BITS);
  }

  private static void set(long[] bits, int value) {
    int b = slot(value);
    bits[b >>> 6] |= 1L << b;
  }

  private static boolean has(long[] bits, int value) {
    int b = slot(value);
    return (bits[b >>> 6] & 1L << b) != 0;
  }

  private static int[] concat(int[] a, int[] b) {
    int[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
