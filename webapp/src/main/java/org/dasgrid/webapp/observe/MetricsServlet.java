package org.dasgrid.webapp.observe;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import org.dasgrid.core.access.Tokens;
import org.dasgrid.webapp.http.Bearer;

/**
 * {@code /metrics}: the meters in the Prometheus text exposition format, for a Prometheus scrape. Open to all,
 * without the series of token-protected sources; a request with an admin bearer token gets every series.
 */
final class MetricsServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;
  static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";
  private final transient DasGridMetrics metrics;
  private final transient List<String> adminDigests;

  MetricsServlet(DasGridMetrics metrics, List<String> adminDigests) {
    this.metrics = metrics;
    this.adminDigests = List.copyOf(adminDigests);
  }

  @Override
  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    resp.setContentType(CONTENT_TYPE);
    resp.setHeader("Cache-Control", "no-store");
    try (OutputStream out = new BufferedOutputStream(resp.getOutputStream(), 64 * 1024)) {
      metrics.scrape(out, Tokens.matches(Bearer.token(req), adminDigests));
    }
  }
}
