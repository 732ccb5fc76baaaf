package org.dasgrid.core.genotype.internal.store;

import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.internal.sets.SampleSets;

/**
 * How a row's counts over the whole cohort are packed in one long, so that whole-cohort answers read one long
 * per row instead of the sizes of two sets and two correction entries elsewhere in memory: het count (bits 0 to
 * w-1), hom count (w to 2w-1), then, sharing the rest equally (d bits each, signed), AC minus het + ploidy × hom
 * and AN minus ploidy × cohort; {@link #NONE} for a row whose corrections do not fit. The count width w is the
 * cohort's bit length, at least 16: for cohorts of up to 65,535 samples w = d = 16, the layout of index format
 * 3; at 1,000,000 samples w = 20 and d = 12 (a row whose AN misses more, such as chrX's with its haploid males,
 * is {@link #NONE} and counted from its sets). Immutable.
 */
public final class CohortCounts {
  /** A row without whole-cohort counts: het and hom both 2^w - 1, which no cohort that has them can hold. */
  public static final long NONE = -1L;

  private final int width;
  private final long mask;
  private final int deltaBits;

  private CohortCounts(int width) {
    this.width = width;
    this.mask = (1L << width) - 1;
    this.deltaBits = (64 - 2 * width) / 2;
  }

  /** The layout for a cohort of {@code cohortSize} samples. */
  public static CohortCounts forCohort(int cohortSize) {
    return new CohortCounts(Math.max(16, 32 - Integer.numberOfLeadingZeros(cohortSize)));
  }

  public int het(long counts) {
    return (int) (counts & mask);
  }

  public int hom(long counts) {
    return (int) (counts >>> width & mask);
  }

  public int acDelta(long counts) {
    return (int) (counts << (64 - 2 * width - deltaBits) >> (64 - deltaBits));
  }

  public int anDelta(long counts) {
    return (int) (counts >> (2 * width + deltaBits));
  }

  private boolean fits(int delta) {
    return delta >= -(1 << (deltaBits - 1)) && delta < 1 << (deltaBits - 1);
  }

  /** The packed counts, or {@link #NONE} when a delta does not fit. */
  long pack(int het, int hom, int acDelta, int anDelta) {
    if (!fits(acDelta) || !fits(anDelta)) {
      return NONE;
    }
    return het | (long) hom << width | (acDelta & ((1L << deltaBits) - 1)) << 2 * width
        | (long) anDelta << (2 * width + deltaBits);
  }

  /** The packed counts of {@code size} rows as the builder made them. */
  static long[] of(int size, int[] het, int[] hom, int[] acFix, int[] anFix, SampleSets sets, Corrections fixes,
      SampleSelection everyone) {
    CohortCounts layout = forCohort(sets.cohortSize());
    long[] counts = new long[size];
    for (int r = 0; r < size; r++) {
      counts[r] = layout.pack(sets.cardinality(het[r]), sets.cardinality(hom[r]), fixes.sum(acFix[r], everyone, sets),
          fixes.sum(anFix[r], everyone, sets));
    }
    return counts;
  }
}
