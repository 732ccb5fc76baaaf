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

    /** How many bytes {@link #text}'s array holds past {@link #textEnd} when {@link #plainText} is true. */
    int TEXT_SLACK = 7;

    /**
     * Whether the source vouches for the row's text, checked once at load: every byte of its ID, REF and ALT
     * is printable ASCII other than {@code " \ < > & '} (bytes that the server's JSON and XML writers write as
     * they are), {@link #idEnd} and {@link #refEnd} cost no search, and {@link #text}'s array holds {@value
     * #TEXT_SLACK} more bytes past {@link #textEnd}, so that a writer may copy the parts eight bytes at a time
     * without looking at them. False for a row with any other byte (and, for the engine's rows, with an ID or REF of
     * 255 bytes or more, whose length it does not store).
     */
    boolean plainText();

    int het();

    int hom();

    int ac();

    int an();

    /** The most bytes {@link #copyAfText} writes (it may write past the end it returns, within this room). */
    int AF_TEXT_ROOM = 24;

    /**
     * Copies the row's af ({@code ac / an}) as the decimal text the JSON writers give it — the shortest that
     * reads back as the same double, as Jackson's Schubfach writer writes it — into {@code dst} from {@code
     * at}, when the source made it at load, and returns where it ends; -1, writing nothing, when the caller
     * is to format it. {@code dst} needs {@link #AF_TEXT_ROOM} bytes of room.
     */
    default int copyAfText(byte[] dst, int at) {
      return -1;
    }
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
