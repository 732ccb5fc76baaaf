package org.dasgrid.webapp.ga4gh;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Locale;

/** Small helpers the GA4GH servlets share: base URL, Accept checks, JSON bodies. (CORS, and its absence
 * for protected sources, is the CORS filter's.) */
final class Ga4ghResponses {
  private Ga4ghResponses() {}

  /** The absolute URL of the web application as the client reached it. */
  static String baseUrl(HttpServletRequest req) {
    StringBuilder sb = new StringBuilder();
    sb.append(req.getScheme()).append("://").append(req.getServerName());
    int port = req.getServerPort();
    if (!(port == 80 && "http".equals(req.getScheme())) && !(port == 443 && "https".equals(req.getScheme()))) {
      sb.append(':').append(port);
    }
    return sb.append(req.getContextPath()).toString();
  }

  /**
   * Whether the request's Accept header allows one of {@code types} (exact media types, compared without
   * parameters), {@code type/*} or {@code * /*}; no Accept header allows everything.
   */
  static boolean accepts(HttpServletRequest req, String... types) {
    String accept = req.getHeader("Accept");
    if (accept == null || accept.isBlank()) {
      return true;
    }
    for (String part : accept.split(",")) {
      String range = part.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
      if (range.isEmpty() || range.equals("*/*")) {
        return true;
      }
      for (String t : types) {
        if (range.equals(t) || (range.endsWith("/*") && t.startsWith(range.substring(0, range.length() - 1)))) {
          return true;
        }
      }
    }
    return false;
  }

  /** Sends a small JSON document built in memory, with its length. */
  static void json(HttpServletResponse resp, int status, String contentType, JsonBody body) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(512);
    body.write(bytes);
    resp.setStatus(status);
    resp.setContentType(contentType);
    resp.setContentLength(bytes.size());
    resp.getOutputStream().write(bytes.toByteArray());
  }

  /** Writes a JSON body. */
  @FunctionalInterface
  interface JsonBody {
    void write(java.io.OutputStream out) throws IOException;
  }
}
