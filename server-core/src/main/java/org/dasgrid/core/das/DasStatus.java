package org.dasgrid.core.das;

import org.dasgrid.core.error.ErrorKind;

/**
 * DAS 1.6 status codes. The HTTP status of a DAS response equals its DAS status, so clients that read
 * either agree (MyDas sends 403/405 with HTTP 200, a wart we do not copy).
 */
public enum DasStatus {
  OK(200, "OK"),
  BAD_COMMAND(400, "bad command"),
  BAD_DATA_SOURCE(401, "bad data source"),
  BAD_COMMAND_ARGUMENTS(402, "bad command arguments"),
  BAD_REFERENCE_OBJECT(403, "bad reference object"),
  BAD_STYLESHEET(404, "bad stylesheet"),
  COORDINATE_ERROR(405, "coordinate error"),
  SERVER_ERROR(500, "server error"),
  UNIMPLEMENTED(501, "unimplemented feature");

  private final int code;
  private final String meaning;

  DasStatus(int code, String meaning) {
    this.code = code;
    this.meaning = meaning;
  }

  public int code() {
    return code;
  }

  public String meaning() {
    return meaning;
  }

  /** The DAS status of a protocol-neutral error kind: the one place DAS maps them. */
  public static DasStatus of(ErrorKind kind) {
    return switch (kind) {
      case BAD_ARGUMENT, TOO_LARGE -> BAD_COMMAND_ARGUMENTS;
      case UNKNOWN_OPERATION -> BAD_COMMAND;
      case UNKNOWN_SOURCE -> BAD_DATA_SOURCE;
      case UNKNOWN_REFERENCE -> BAD_REFERENCE_OBJECT;
      case NOT_FOUND -> BAD_STYLESHEET;
      case OUT_OF_RANGE -> COORDINATE_ERROR;
      case UNSUPPORTED -> UNIMPLEMENTED;
      case LOADING, UNAVAILABLE, INTERNAL -> SERVER_ERROR;
    };
  }
}
