package org.dasgrid.core.access;

/**
 * The no-leak rule for counts (contract section 11): below the controlled tier an aggregate answer never says
 * that between 1 and {@code minCount - 1} things matched; such a count is reported as {@code minCount}, so a
 * rare carrier cannot be singled out by asking and asking again. Zero stays zero: a boolean answer says as much.
 */
public final class CountFloor {
  private CountFloor() {}

  /** The count to report: {@code count}, or {@code minCount} when it lies in 1..minCount-1. */
  public static long adjust(long count, int minCount) {
    return count > 0 && count < minCount ? minCount : count;
  }

  /** Whether {@link #adjust} changes the count. */
  public static boolean adjusts(long count, int minCount) {
    return count > 0 && count < minCount;
  }
}
