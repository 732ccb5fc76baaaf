package org.dasgrid.core.genotype;

/**
 * One sample's diploid calls over a run of rows ({@link CallReader#diploidCalls}), one bit per row, 64 rows to
 * a word: {@code called} when the sample has two alleles called, {@code het} when they are one copy of the
 * ALT, {@code hom} when two (het and hom imply called). Sample-major, so that comparing two samples is a few
 * word-wise ANDs and bit counts per 64 rows. The arrays are shared (an engine may cache them): read only.
 *
 * @param rows the rows the bits cover; words past them are zero
 */
public record SampleCallBits(int rows, long[] called, long[] het, long[] hom) {
  /** Heap held, for a cache's weight. */
  public long bytes() {
    return 64 + 3 * (16 + 8L * called.length);
  }
}
