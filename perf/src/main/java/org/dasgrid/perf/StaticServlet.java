package org.dasgrid.perf;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * The HTTP-stack baseline: {@code /static/das/...?QUERY} answers with the bytes (body, gzip body, and DAS
 * headers) DasGrid gave for {@code /das/...?QUERY} when {@link BenchServer} captured it, from memory and
 * with no work beyond a map lookup. Anything not captured is a 404.
 */
public final class StaticServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;

  /** One captured answer: both encodings and the headers worth repeating. */
  public record Captured(byte[] body, byte[] gzipped, String contentType, List<Map.Entry<String, String>> headers) {}

  private transient volatile Map<String, Captured> responses = Map.of();

  public void publish(Map<String, Captured> captured) {
    this.responses = Map.copyOf(captured);
  }

  int size() {
    return responses.size();
  }

  @Override
  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    String q = req.getQueryString();
    String key = req.getPathInfo() + (q == null ? "" : "?" + q);
    Captured c = responses.get(key);
    if (c == null) {
      resp.setStatus(404);
      resp.setContentType("text/plain");
      resp.getWriter().write("not captured by BenchServer: " + key + "\n");
      return;
    }
    String ae = req.getHeader("Accept-Encoding");
    boolean gzip = ae != null && ae.contains("gzip");
    byte[] body = gzip ? c.gzipped() : c.body();
    resp.setContentType(c.contentType());
    for (Map.Entry<String, String> h : c.headers()) {
      resp.setHeader(h.getKey(), h.getValue());
    }
    if (gzip) {
      resp.setHeader("Content-Encoding", "gzip");
    }
    resp.setContentLength(body.length);
    resp.getOutputStream().write(body);
  }
}
