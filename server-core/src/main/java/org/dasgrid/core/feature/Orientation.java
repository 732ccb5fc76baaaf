package org.dasgrid.core.feature;

/** Strand of a feature, written as DAS writes it. */
public enum Orientation {
  FORWARD("+"),
  REVERSE("-"),
  NONE("0");

  private final String symbol;

  Orientation(String symbol) {
    this.symbol = symbol;
  }

  public String symbol() {
    return symbol;
  }

  /** From a GFF/BED strand column: {@code +}, {@code -}, or anything else ({@code .}, {@code ?}) as none. */
  public static Orientation fromStrand(String strand) {
    if (strand.length() == 1) {
      char c = strand.charAt(0);
      if (c == '+') {
        return FORWARD;
      }
      if (c == '-') {
        return REVERSE;
      }
    }
    return NONE;
  }
}
