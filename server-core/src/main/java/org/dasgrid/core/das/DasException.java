package org.dasgrid.core.das;

import java.util.Locale;

/**
 * A request that cannot be answered, with the DAS status that says why. Thrown anywhere in the core and
 * rendered once, at the HTTP edge. The message is short, written for the client, and never contains a stack
 * trace; the edge escapes it before putting it in a document.
 */
public class DasException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final DasStatus status;
  private final Kind kind;

  /** A finer reason than the DAS status, for edges (the JSON APIs) whose statuses are richer than DAS's. */
  public enum Kind {
    GENERAL,
    /** The data exist but a part of the cluster holding them did not answer. */
    UNAVAILABLE,
    /** The source exists but is still loading. */
    LOADING,
    /** The request is well formed but asks for more than the configured limits allow. */
    TOO_LARGE
  }

  public DasException(DasStatus status, String format, Object... args) {
    this(status, Kind.GENERAL, format, args);
  }

  public DasException(DasStatus status, Kind kind, String format, Object... args) {
    super(args.length == 0 ? format : String.format(Locale.ROOT, format, args), null, false, false);
    this.status = status;
    this.kind = kind;
  }

  public DasStatus status() {
    return status;
  }

  public Kind kind() {
    return kind;
  }

  public static DasException badArguments(String format, Object... args) {
    return new DasException(DasStatus.BAD_COMMAND_ARGUMENTS, format, args);
  }
}
