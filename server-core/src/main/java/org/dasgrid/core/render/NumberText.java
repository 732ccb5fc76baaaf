package org.dasgrid.core.render;

/** Number formatting shared by the writers: integral values without a trailing {@code .0}. */
final class NumberText {
  private NumberText() {}

  static String format(double d) {
    if (d == Math.rint(d) && Math.abs(d) < 1e15) {
      return Long.toString((long) d);
    }
    return Double.toString(d);
  }
}
