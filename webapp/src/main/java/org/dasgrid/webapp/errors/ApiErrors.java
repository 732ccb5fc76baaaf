package org.dasgrid.webapp.errors;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.dasgrid.core.das.DasStatus;
import org.dasgrid.core.error.ErrorKind;
import org.dasgrid.webapp.das.DasErrors;
import org.dasgrid.webapp.http.JsonErrors;

/**
 * An error answer in the format of the API the request was for, for the refusals no servlet of DasGrid wrote
 * (the container's own, before or after a servlet): a DAS document under {@code /das} ({@link DasErrors}, the
 * HTTP status the DAS status of the error's kind), else DasGrid's JSON error body ({@link JsonErrors}, with the
 * container's status).
 */
final class ApiErrors {
  private ApiErrors() {}

  /**
   * @param path the request's path within the web application, or null when the container could not read it
   * @param query its raw query string, or null
   */
  static void write(HttpServletResponse resp, String path, String query, boolean withBody, ErrorKind kind,
      int status, String message, String serverName) throws IOException {
    // the filters that set it may not have run (Tomcat refused the request before them)
    resp.setHeader("X-Content-Type-Options", "nosniff");
    if (path != null && DasErrors.isDasPath(path)) {
      DasErrors.write(resp, DasStatus.of(kind).code(), message, DasErrors.wantsJson(query), withBody, serverName);
    } else {
      JsonErrors.write(resp, status, message);
    }
  }

  /**
   * The kind of a status the container answered with: a 400 is a request it could not read at all (for DAS a bad
   * command; the callers say when it is an argument or a size at fault).
   */
  static ErrorKind kind(int status) {
    return switch (status) {
      case 400 -> ErrorKind.UNKNOWN_OPERATION;
      case 404 -> ErrorKind.NOT_FOUND;
      case 405, 501 -> ErrorKind.UNKNOWN_OPERATION;
      case 413, 414, 431 -> ErrorKind.TOO_LARGE;
      case 503 -> ErrorKind.UNAVAILABLE;
      default -> status >= 500 ? ErrorKind.INTERNAL : ErrorKind.BAD_ARGUMENT;
    };
  }
}
