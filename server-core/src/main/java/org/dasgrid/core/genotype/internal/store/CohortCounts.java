package org.dasgrid.core.genotype.internal.store;

import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.internal.sets.SampleSets;

/**
 * A row's counts over the whole cohort packed in one long, so that whole-cohort answers read one long per row
 * instead of the sizes of two sets and two correction entries elsewhere in memory: het count (bits 0-15), hom
 * count (16-31), AC minus het + ploidy × hom (32-47, signed) and AN minus ploidy × cohort (48-63, signed); {@link
 * #NONE} for a row whose corrections do not fit 16 bits. Only for cohorts of at most 65,535 samples.
 */
public final class CohortCounts {
  /** A row without whole-cohort counts: het and hom both 65,535, which no cohort that has them can hold. */
  public static final long NONE = -1L;

  private CohortCounts() {}

  /** Whether a cohort this size can have its counts packed. */
  static boolean fits(int cohortSize) {
    return cohortSize <= 0xFFFF;
  }

  public static int het(long counts) {
    return (int) counts & 0xFFFF;
  }

  public static int hom(long counts) {
    return (int) (counts >>> 16) & 0xFFFF;
  }

  public static int acDelta(long counts) {
    return (short) (counts >>> 32);
  }

  public static int anDelta(long counts) {
    return (short) (counts >>> 48);
  }

  /** The packed counts of {@code size} rows as the builder made them. */
  static long[] of(int size, int[] het, int[] hom, int[] acFix, int[] anFix, SampleSets sets, Corrections fixes,
      SampleSelection everyone) {
    long[] counts = new long[size];
    for (int r = 0; r < size; r++) {
      int acDelta = fixes.sum(acFix[r], everyone, sets);
      int anDelta = fixes.sum(anFix[r], everyone, sets);
      counts[r] = acDelta == (short) acDelta && anDelta == (short) anDelta
          ? sets.cardinality(het[r]) | (long) sets.cardinality(hom[r]) << 16 | (acDelta & 0xFFFFL) << 32
              | (long) anDelta << 48
          : NONE;
    }
    return counts;
  }
}
