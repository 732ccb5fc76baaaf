package org.dasgrid.core.genotype;

import java.util.List;

/**
 * The variants a query matched, in answer order (the source's contig order, then position, ALT, REF). The
 * engine's answers hold row numbers and materialize a row on {@link #get}; merged answers (a cluster's) hold
 * the rows themselves.
 */
public interface VariantAnswer {
  int size();

  VariantRow get(int i);

  /** An answer of rows already made, in answer order. */
  static VariantAnswer of(List<VariantRow> rows) {
    List<VariantRow> copy = List.copyOf(rows);
    return new VariantAnswer() {
      @Override
      public int size() {
        return copy.size();
      }

      @Override
      public VariantRow get(int i) {
        return copy.get(i);
      }
    };
  }
}
