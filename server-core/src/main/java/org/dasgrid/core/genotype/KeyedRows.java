package org.dasgrid.core.genotype;

import java.util.List;

/**
 * Finding rows by the keys a weights file names them by (a scorer's), without visiting every row: a key is a
 * row's VCF ID, or its {@code CHROM:POS:REF:ALT}. See {@link CallReader#keyedRows}.
 */
public interface KeyedRows {
  /**
   * Visits, in the engine's row order (that of {@link CallReader#forEachRow} over whole contigs), each row that
   * some keys match, once, with the indices of those keys: first the keys equal to its ID, then those equal to
   * its {@code CHROM:POS:REF:ALT}, each ascending (a key equal to both comes twice). Rows no key matches are not
   * visited.
   */
  default void forEachMatch(List<String> keys, Visitor visitor) {
    match(keys).forEachInPart(0, 1, visitor);
  }

  /** The rows {@code keys} match, found once, to visit whole or in parts ({@link Matches}). */
  default Matches match(List<String> keys) {
    return match(KeyList.of(keys));
  }

  /** As {@link #match(List)}, the keys as bytes (a weights file's, parsed without a String per key). */
  Matches match(KeyList keys);

  /** The matched rows of some keys, as {@link #forEachMatch} visits them. */
  interface Matches {
    /**
     * Visits part {@code part} of {@code parts}: a run of the matched rows in row order, the parts together
     * every matched row once. Parts may be visited at once by several threads, each with its own visitor.
     */
    void forEachInPart(int part, int parts, Visitor visitor);
  }

  @FunctionalInterface
  interface Visitor {
    void visit(RowCalls row, int[] keys);
  }
}
