package org.dasgrid.core.genotype;

import java.util.Objects;

/**
 * A place in answer order (contig, position, ALT, REF, then file order): the row a page ended with. {@code
 * ordinal} tells the answer's rows with the same contig, position, ALT and REF apart (0 for the first of them
 * in the answer; duplicate records are rare). A key still names a place after a reload that removed its row:
 * paging resumes at the first row after it.
 */
public record RowKey(String contig, int pos, String alt, String ref, int ordinal) {
  public RowKey {
    Objects.requireNonNull(contig, "contig");
    Objects.requireNonNull(alt, "alt");
    Objects.requireNonNull(ref, "ref");
  }
}
