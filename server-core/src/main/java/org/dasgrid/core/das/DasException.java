package org.dasgrid.core.das;

import org.dasgrid.core.error.ErrorKind;
import org.dasgrid.core.error.RequestException;

/**
 * A DAS request error that names its DAS status directly. Being retired: new code throws
 * {@link RequestException} with an {@link ErrorKind}, which {@link DasStatus#of(ErrorKind)} maps at the edge.
 */
public class DasException extends RequestException {
  private static final long serialVersionUID = 1L;
  private final DasStatus status;

  /** A finer reason than the DAS status; becomes the {@link ErrorKind}. */
  public enum Kind {
    GENERAL,
    UNAVAILABLE,
    LOADING,
    TOO_LARGE
  }

  public DasException(DasStatus status, String format, Object... args) {
    this(status, Kind.GENERAL, format, args);
  }

  public DasException(DasStatus status, Kind kind, String format, Object... args) {
    super(errorKind(status, kind), format, args);
    this.status = status;
  }

  public DasStatus status() {
    return status;
  }

  public static DasException badArguments(String format, Object... args) {
    return new DasException(DasStatus.BAD_COMMAND_ARGUMENTS, format, args);
  }

  /** The DAS status of any request error: its own if it names one, else its kind's. */
  public static DasStatus statusOf(RequestException e) {
    return e instanceof DasException d ? d.status : DasStatus.of(e.kind());
  }

  private static ErrorKind errorKind(DasStatus status, Kind kind) {
    return switch (kind) {
      case LOADING -> ErrorKind.LOADING;
      case UNAVAILABLE -> ErrorKind.UNAVAILABLE;
      case TOO_LARGE -> ErrorKind.TOO_LARGE;
      case GENERAL -> switch (status) {
        case BAD_COMMAND -> ErrorKind.UNKNOWN_OPERATION;
        case BAD_DATA_SOURCE -> ErrorKind.UNKNOWN_SOURCE;
        case BAD_COMMAND_ARGUMENTS -> ErrorKind.BAD_ARGUMENT;
        case BAD_REFERENCE_OBJECT -> ErrorKind.UNKNOWN_REFERENCE;
        case BAD_STYLESHEET -> ErrorKind.NOT_FOUND;
        case COORDINATE_ERROR -> ErrorKind.OUT_OF_RANGE;
        case UNIMPLEMENTED -> ErrorKind.UNSUPPORTED;
        case OK, SERVER_ERROR -> ErrorKind.INTERNAL;
      };
    };
  }
}
