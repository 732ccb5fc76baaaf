package org.dasgrid.core.genotype.cohort;

/**
 * A malformed sample sheet: the message names the file, the line and, where there is one, the column
 * ({@code samples.tsv:12: column 2 (sex): 'x' is not a sex...}).
 */
public final class SampleSheetException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  SampleSheetException(String message) {
    super(message);
  }

  static SampleSheetException at(String file, long line, String format, Object... args) {
    return new SampleSheetException(file + ":" + line + ": " + String.format(format, args));
  }

  static SampleSheetException atColumn(String file, long line, int column, String name, String format,
      Object... args) {
    return new SampleSheetException(file + ":" + line + ": column " + column + " (" + name + "): "
        + String.format(format, args));
  }
}
