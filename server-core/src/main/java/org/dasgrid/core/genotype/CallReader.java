package org.dasgrid.core.genotype;

import java.util.List;
import org.dasgrid.core.segment.Segment;

/**
 * An engine capability: reading every sample's call of each row, for analytics that need more than carriers
 * and counts (sex check, kinship, scores, inheritance). An engine that cannot (a cluster's merged view) does
 * not implement it; callers test {@code engine instanceof CallReader}.
 */
public interface CallReader {
  /**
   * Visits the rows (ALT alleles) overlapping the segments, in the engine's row order, each once; stops when
   * the visitor returns false. The {@link RowCalls} passed is a cursor, valid only during the call.
   */
  void forEachRow(List<Segment> segments, Visitor visitor);

  /**
   * The rows by ID and {@code CHROM:POS:REF:ALT}, when this engine keeps (or builds, on first use) a lookup
   * for them; empty when a caller must find them with {@link #forEachRow}.
   */
  default java.util.Optional<KeyedRows> keyedRows() {
    return java.util.Optional.empty();
  }

  /**
   * Per sample of {@code samples} (sample numbers, distinct), its {@link SampleCallBits} over the biallelic
   * rows of the segments (those {@link #forEachRow} visits whose {@link RowCalls#multiAllelic} is false), in
   * visit order: the same numbering for every sample of one call, so bit {@code i} of two samples' vectors is
   * the same row. The numbering may leave gaps (an index's sample-major calls number a contig's rows from a
   * word boundary): a bit that is no such row is clear in all three vectors, so it counts nothing.
   * Empty when this engine does not make them, or when the samples' bits would not fit the memory it allows
   * them; callers then read the rows with {@link #forEachRow}.
   */
  default java.util.Optional<List<SampleCallBits>> diploidCalls(List<Segment> segments, int[] samples) {
    return java.util.Optional.empty();
  }

  @FunctionalInterface
  interface Visitor {
    boolean visit(RowCalls row);
  }
}
