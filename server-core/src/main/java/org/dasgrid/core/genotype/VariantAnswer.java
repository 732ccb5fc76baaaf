package org.dasgrid.core.genotype;

import java.util.List;

/**
 * The variants a query matched, in answer order (the source's contig order, then position, ALT, REF). The
 * engine's answers hold row numbers and materialize a row on {@link #get}; merged answers (a cluster's) hold
 * the rows themselves. Writers of long answers read them through a {@link #cursor}, which the engine serves
 * from its stored bytes without making a {@link VariantRow} (and its strings) per row.
 */
public interface VariantAnswer {
  int size();

  VariantRow get(int i);

  /** A cursor before the first row; one per reader (it is mutable and not thread-safe). */
  default Cursor cursor() {
    return new RowsCursor(this);
  }

  /**
   * The rows in answer order, one at a time, as the fields of {@link VariantRow}; the text fields as UTF-8
   * bytes. What a getter returns describes the current row and is valid until the next {@link #next}.
   */
  interface Cursor {
    /** Moves to the next row; false when there is none (the cursor then stays past the end). */
    boolean next();

    /** The contig (the engine returns one instance per contig, so comparing references is cheap). */
    String chrom();

    int pos();

    /**
     * Bytes holding the row's ID, REF and ALT, in this order, UTF-8, separated by one tab each, from {@link
     * #textStart} to {@link #textEnd}; the array may hold other rows' text outside that range and must not
     * be modified. The ID part is {@code .} when {@link #hasId} is false.
     */
    byte[] text();

    int textStart();

    int textEnd();

    /** Where the ID part of {@link #text} ends: at the tab before REF. */
    int idEnd();

    /** Where the REF part of {@link #text} ends, given {@link #idEnd}: at the tab before ALT. */
    int refEnd(int idEnd);

    boolean hasId();

    /**
     * What the engine made at load for a writer about the current row, by a writer's {@link TextRules}; the
     * same object for the cursor's life, so a writer asks once per answer.
     */
    default PrecomputedText precomputed() {
      return PrecomputedText.NONE;
    }

    int het();

    int hom();

    int ac();

    int an();
  }

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
