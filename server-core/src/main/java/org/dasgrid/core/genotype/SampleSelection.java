package org.dasgrid.core.genotype;

import java.util.Arrays;
import org.roaringbitmap.RoaringBitmap;

/**
 * The samples a query counts: the whole cohort, or a subset (a "virtual cohort"). A subset is held as a
 * {@link RoaringBitmap} and as a cohort-wide bitset, so the engine can intersect it with each variant's
 * sets in whichever form that set has, without looping over the cohort. Immutable.
 */
public final class SampleSelection {
  private final int cohortSize;
  private final boolean all;
  private final int[] members;
  private final long[] words;
  private final RoaringBitmap bitmap;

  private SampleSelection(int cohortSize, boolean all, int[] members) {
    this.cohortSize = cohortSize;
    this.all = all;
    this.members = members;
    this.words = new long[(cohortSize + 63) >>> 6];
    for (int m : members) {
      words[m >>> 6] |= 1L << m;
    }
    this.bitmap = RoaringBitmap.bitmapOf(members);
  }

  /** The whole cohort of {@code cohortSize} samples. */
  public static SampleSelection all(int cohortSize) {
    int[] everyone = new int[cohortSize];
    Arrays.setAll(everyone, i -> i);
    return new SampleSelection(cohortSize, true, everyone);
  }

  /** A subset of sample numbers (0-based column order); duplicates are ignored. */
  public static SampleSelection of(int cohortSize, int[] sampleNumbers) {
    int[] sorted = Arrays.stream(sampleNumbers).sorted().distinct().toArray();
    for (int s : sorted) {
      if (s < 0 || s >= cohortSize) {
        throw new IllegalArgumentException("sample number " + s + " outside 0.." + (cohortSize - 1));
      }
    }
    return new SampleSelection(cohortSize, sorted.length == cohortSize, sorted);
  }

  /** True when every sample of the cohort is chosen (the engine then uses its precomputed totals). */
  public boolean isAll() {
    return all;
  }

  public int size() {
    return members.length;
  }

  public boolean contains(int sample) {
    return sample >= 0 && sample < cohortSize && (words[sample >>> 6] & (1L << sample)) != 0;
  }

  public int cohortSize() {
    return cohortSize;
  }

  /** The chosen sample numbers, ascending (a copy). */
  public int[] sampleNumbers() {
    return members.clone();
  }

  /** The chosen sample numbers, ascending. Not copied: callers must not modify it. */
  public int[] members() {
    return members;
  }

  /** The chosen samples as a cohort-wide bitset. Not copied: callers must not modify it. */
  public long[] words() {
    return words;
  }

  public RoaringBitmap bitmap() {
    return bitmap;
  }
}
