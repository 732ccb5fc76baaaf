package org.dasgrid.core.genotype.internal.store;

import java.util.Arrays;

/**
 * The HWE exact p and inbreeding F of recently seen genotype counts (het, hom-ref, hom-alt), so that rows with
 * the same counts — most rare variants of a cohort: one or two hets and the rest hom-ref, give or take the
 * site's missing calls — cost one lookup instead of the exact test. Direct-mapped and bounded ({@value #SLOTS}
 * entries, a newer triple replaces an older one in its slot): no eviction bookkeeping, a fixed 128 KB. The
 * values are the ones computed for the triple, so answers are the same with or without it. One per query.
 */
public final class GenotypeMemo {
  static final int SLOTS = 1 << 12;
  private final long[] keys = new long[SLOTS];
  private final double[] p = new double[SLOTS];
  private final double[] f = new double[SLOTS];

  public GenotypeMemo() {
    Arrays.fill(keys, -1L);
  }

  /** The slot holding these counts, or -1 (always for counts of 2^21 or more, which are not kept). */
  public int slot(int het, int homRef, int homAlt) {
    if (!fits(het, homRef, homAlt)) {
      return -1;
    }
    long key = key(het, homRef, homAlt);
    int s = index(key);
    return keys[s] == key ? s : -1;
  }

  /** Remembers the values of these counts (unless they do not fit a key). */
  public void put(int het, int homRef, int homAlt, double pValue, double inbreeding) {
    if (!fits(het, homRef, homAlt)) {
      return;
    }
    long key = key(het, homRef, homAlt);
    int s = index(key);
    keys[s] = key;
    p[s] = pValue;
    f[s] = inbreeding;
  }

  private static boolean fits(int het, int homRef, int homAlt) {
    return ((het | homRef | homAlt) >>> 21) == 0;
  }

  public double p(int slot) {
    return p[slot];
  }

  public double f(int slot) {
    return f[slot];
  }

  private static long key(int het, int homRef, int homAlt) {
    return (long) het << 42 | (long) homRef << 21 | homAlt;
  }

  private static int index(long key) {
    long h = key * 0x9E3779B97F4A7C15L;
    return (int) (h >>> (64 - 12));
  }
}
