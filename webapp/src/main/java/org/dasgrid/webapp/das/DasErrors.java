package org.dasgrid.webapp.das;

import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.dasgrid.core.das.Capabilities;
import org.dasgrid.core.das.DasResponse;
import org.dasgrid.core.das.DasService;

/**
 * The one writer of DAS error answers, whoever refuses the request (the DAS servlet, the rate limit, the
 * container's error page for a request Tomcat refused): the {@code X-DAS-*} headers with the status, and the
 * core's small error document ({@link DasService#error}), XML or, when the request asked for it, JSON.
 */
public final class DasErrors {
  private DasErrors() {}

  /** Whether a path (within the web application's context) is the DAS API's. */
  public static boolean isDasPath(String path) {
    return path.equals("/das") || path.startsWith("/das/");
  }

  /**
   * Whether a raw query string asks for JSON ({@code format=json}), read without parsing it: for answers to
   * requests refused before their arguments were read.
   */
  public static boolean wantsJson(String query) {
    return query != null && query.contains("format=json");
  }

  /** Sends a DAS error; the buffered body is replaced, the filters' headers (CORS, request id) stay. */
  public static void write(HttpServletResponse resp, int status, String message, boolean json, boolean withBody,
      String serverName) throws IOException {
    resp.resetBuffer();
    DasHeaders.set(resp, status, serverName, Capabilities.SERVER);
    DasResponse body = DasService.error(status, message, json);
    resp.setContentType(body.contentType());
    resp.setHeader("Cache-Control", "no-store");
    if (withBody) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
      body.writeTo(bytes);
      resp.setContentLength(bytes.size());
      bytes.writeTo(resp.getOutputStream());
    }
  }
}
