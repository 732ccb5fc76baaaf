package org.dasgrid.datasources.io;

/**
 * A data line that does not parse. The message says what is wrong in a few words; the loader adds the file
 * and line ({@link org.dasgrid.core.source.SourceLoadException#badRecord}).
 */
public final class MalformedRecord extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public MalformedRecord(String message) {
    super(message, null, false, false);
  }

  /** Shortens a value quoted in a message, so a binary or huge line does not flood the log. */
  public static String quote(String value) {
    return "'" + (value.length() <= 40 ? value : value.substring(0, 37) + "...") + "'";
  }
}
