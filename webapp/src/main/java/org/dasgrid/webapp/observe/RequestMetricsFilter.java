package org.dasgrid.webapp.observe;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.dasgrid.core.access.AccessCheck;
import org.dasgrid.webapp.http.RequestCaller;
import org.dasgrid.core.config.Tier;

/**
 * Times every request from the filter chain's start to its end (the response is written and flushed by then,
 * since no servlet here is asynchronous) and records it with its kind and status. The bearer token decides
 * whether a protected source's id may be a tag value, as it decides whether the request may read it.
 */
final class RequestMetricsFilter extends HttpFilter {
  private static final long serialVersionUID = 1L;
  private final transient DasGridMetrics metrics;

  RequestMetricsFilter(DasGridMetrics metrics) {
    this.metrics = metrics;
  }

  @Override
  protected void doFilter(HttpServletRequest req, HttpServletResponse resp, FilterChain chain)
      throws IOException, ServletException {
    long start = System.nanoTime();
    boolean failed = true;
    try {
      chain.doFilter(req, resp);
      failed = false;
    } finally {
      // an exception escaping the servlet becomes a 500 from the container, whatever status was set before
      int status = failed ? 500 : resp.getStatus();
      if (req.getAttribute(Observability.WARMUP_ATTRIBUTE) != null) {
        return; // the server's own start-up warm-up, not a client's request
      }
      String path = req.getRequestURI().substring(req.getContextPath().length());
      metrics.recordRequest(path, RequestCaller.access(req, Tier.AGGREGATE), status, System.nanoTime() - start);
    }
  }
}
