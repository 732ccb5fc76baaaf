package org.dasgrid.webapp.browsers;

import com.fasterxml.jackson.core.JsonGenerator;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.dasgrid.core.error.ErrorKind;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.render.JsonOutput;

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
    resp.resetBuffer(); // not reset(): the filters' headers (request id, CORS) stay
    resp.setStatus(status);
    resp.setContentType("application/json;charset=UTF-8");
    resp.setHeader("Cache-Control", "no-store");
    if (status == 503) {
      resp.setHeader("Retry-After", "5");
    }
    try (JsonGenerator g = JsonOutput.factory().createGenerator(resp.getOutputStream())) {
      g.writeStartObject();
      g.writeObjectFieldStart("error");
      g.writeNumberField("status", status);
      g.writeStringField("message", e.getMessage());
      g.writeEndObject();
      g.writeEndObject();
    }
  }
}
