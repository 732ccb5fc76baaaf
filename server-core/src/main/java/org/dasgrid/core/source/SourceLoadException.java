package org.dasgrid.core.source;

import java.nio.file.Path;

/**
 * A source could not be loaded. The message is one line a user can act on, naming the file and, for a bad
 * record, its line: {@code genes.gff3:1042: end 10 < start 200}.
 */
public class SourceLoadException extends Exception {
  private static final long serialVersionUID = 1L;

  public SourceLoadException(String message) {
    super(message, null, false, false);
  }

  public SourceLoadException(String message, Throwable cause) {
    super(message, cause, false, false);
  }

  /** A malformed record at a line of a file. */
  public static SourceLoadException badRecord(Path file, long line, String reason) {
    return new SourceLoadException(file.getFileName() + ":" + line + ": " + reason);
  }

  /** A file that cannot be read at all (missing, truncated, wrong format). */
  public static SourceLoadException badFile(Path file, String reason) {
    return new SourceLoadException(file.getFileName() + ": " + reason);
  }
}
