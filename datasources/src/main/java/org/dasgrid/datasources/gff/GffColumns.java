package org.dasgrid.datasources.gff;

import org.dasgrid.core.feature.Orientation;
import org.dasgrid.core.feature.Phase;

/**
 * Checks and reads the fixed columns of a GFF line (1-8) the same way for every GFF flavour, with messages
 * that say what is wrong in a few words.
 */
final class GffColumns {
  private GffColumns() {}

  /** Splits a line into at most {@code max} tab-separated columns. */
  static String[] split(String line, int max) {
    String[] cols = new String[max];
    int n = 0;
    int from = 0;
    while (n < max - 1) {
      int tab = line.indexOf('\t', from);
      if (tab < 0) {
        break;
      }
      cols[n++] = line.substring(from, tab);
      from = tab + 1;
    }
    cols[n++] = line.substring(from);
    return n == max ? cols : java.util.Arrays.copyOf(cols, n);
  }

  static int coordinate(String s, String name) {
    try {
      int v = Integer.parseInt(s.trim());
      if (v < 1) {
        throw new BadColumn(name + " " + v + " is not a positive 1-based coordinate");
      }
      return v;
    } catch (NumberFormatException e) {
      throw new BadColumn(name + " '" + abbreviate(s) + "' is not an integer");
    }
  }

  static void checkRange(int start, int end) {
    if (end < start) {
      throw new BadColumn("end " + end + " < start " + start);
    }
  }

  static double score(String s) {
    if (s.equals(".")) {
      return Double.NaN;
    }
    try {
      double d = Double.parseDouble(s);
      if (Double.isNaN(d) || Double.isInfinite(d)) {
        throw new NumberFormatException();
      }
      return d;
    } catch (NumberFormatException e) {
      throw new BadColumn("score '" + abbreviate(s) + "' is not a number or '.'");
    }
  }

  static Orientation strand(String s) {
    switch (s) {
      case "+":
        return Orientation.FORWARD;
      case "-":
        return Orientation.REVERSE;
      case ".":
      case "?":
        return Orientation.NONE;
      default:
        throw new BadColumn("strand '" + abbreviate(s) + "' is not +, -, . or ?");
    }
  }

  static Phase phase(String s) {
    try {
      return Phase.fromColumn(s);
    } catch (IllegalArgumentException e) {
      throw new BadColumn("phase '" + abbreviate(s) + "' is not 0, 1, 2 or '.'");
    }
  }

  static String abbreviate(String s) {
    return s.length() <= 40 ? s : s.substring(0, 37) + "...";
  }

  /** A column that does not parse; the loader adds file and line. */
  static final class BadColumn extends RuntimeException {
    private static final long serialVersionUID = 1L;

    BadColumn(String message) {
      super(message, null, false, false);
    }
  }
}
