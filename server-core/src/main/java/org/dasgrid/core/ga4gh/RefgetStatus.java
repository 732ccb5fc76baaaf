package org.dasgrid.core.ga4gh;

import org.dasgrid.core.error.ErrorKind;

/** refget's HTTP status for each kind of request error (refget v2.0.0, "Errors"): the one mapping. */
public final class RefgetStatus {
  private RefgetStatus() {}

  public static int of(ErrorKind kind) {
    return switch (kind) {
      case BAD_ARGUMENT -> 400;
      case UNKNOWN_SOURCE, UNKNOWN_REFERENCE, NOT_FOUND, UNKNOWN_OPERATION -> 404;
      // "Range Not Satisfiable": beyond the sequence, or start > end on a linear one
      case OUT_OF_RANGE, TOO_LARGE -> 416;
      case UNSUPPORTED -> 501;
      case LOADING, UNAVAILABLE -> 503;
      case INTERNAL -> 500;
    };
  }
}
