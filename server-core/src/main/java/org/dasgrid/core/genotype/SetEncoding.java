package org.dasgrid.core.genotype;

/**
 * How the engine stores its sample sets (the het and hom-alt samples of each ALT allele, and the samples
 * whose allele counts differ from the site's default).
 */
public enum SetEncoding {
  /**
   * Each set in the smallest of three forms: a sorted run of 16-bit sample numbers in a shared pool (a Roaring
   * array container without the object around it), a {@code RoaringBitmap}, or a plain bitset as wide as the
   * cohort. Roaring's own dense container spans 65,536 samples (8 KB), so for cohorts of thousands a common
   * variant's set is far smaller as a cohort-wide bitset; and a rare variant's one or two carriers would cost
   * more in Roaring object headers than in data.
   */
  COMPACT,
  /** Every non-empty set a {@code RoaringBitmap}; kept to compare memory and speed with {@link #COMPACT}. */
  ROARING
}
