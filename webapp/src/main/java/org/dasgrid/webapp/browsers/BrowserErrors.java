package org.dasgrid.webapp.browsers;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.dasgrid.core.error.ErrorKind;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.webapp.http.JsonErrors;

/**
 * The one place the browser endpoints map request errors to HTTP: JSON {@code {"error": {"status",
 * "message"}}}, as the JSON API answers.
 */
final class BrowserErrors {
  private BrowserErrors() {}

  static int status(ErrorKind kind) {
    return switch (kind) {
      case UNKNOWN_SOURCE, UNKNOWN_REFERENCE, NOT_FOUND, UNKNOWN_OPERATION -> 404;
      case LOADING, UNAVAILABLE -> 503;
      case INTERNAL -> 500;
      case TOO_LARGE -> 413;
      case BAD_ARGUMENT, OUT_OF_RANGE, UNSUPPORTED -> 400;
    };
  }

  static void write(HttpServletResponse resp, RequestException e) throws IOException {
    int status = status(e.kind());
    if (status == 503) {
      resp.setHeader("Retry-After", "5");
    }
    JsonErrors.write(resp, status, e.getMessage());
  }
}
