package org.dasgrid.core.feature;

/** Reading-frame phase of a coding feature; {@link #NONE} is written {@code -}. */
public enum Phase {
  ZERO("0"),
  ONE("1"),
  TWO("2"),
  NONE("-");

  private final String symbol;

  Phase(String symbol) {
    this.symbol = symbol;
  }

  public String symbol() {
    return symbol;
  }

  /** From a GFF phase/frame column: 0, 1, 2, or {@code .} for none; anything else is not a phase. */
  public static Phase fromColumn(String column) {
    switch (column) {
      case "0":
        return ZERO;
      case "1":
        return ONE;
      case "2":
        return TWO;
      case ".":
        return NONE;
      default:
        throw new IllegalArgumentException("phase must be 0, 1, 2 or '.', not '" + column + "'");
    }
  }
}
