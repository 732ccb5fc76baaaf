package org.dasgrid.core.segment;

/**
 * A 1-based, inclusive coordinate range as a client asked for it. Kept as {@code long} so that a client's
 * huge or non-positive coordinates can be reported as out of range rather than overflowing.
 */
public record Range(long start, long stop) {
  public Range {
    if (start > stop) {
      throw new IllegalArgumentException("start " + start + " > stop " + stop);
    }
  }

  public long length() {
    return stop - start + 1;
  }
}
