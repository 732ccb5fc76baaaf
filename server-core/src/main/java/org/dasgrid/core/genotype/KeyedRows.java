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
  void forEachMatch(List<String> keys, Visitor visitor);

  @FunctionalInterface
  interface Visitor {
    void visit(RowCalls row, int[] keys);
  }
}
