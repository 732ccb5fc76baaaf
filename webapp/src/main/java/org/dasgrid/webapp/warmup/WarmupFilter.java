package org.dasgrid.webapp.warmup;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.dasgrid.webapp.app.WarmupState;

/**
 * Marks the server's own start-up warm-up requests ({@link Warmup}: they carry the process's secret), so the
 * access log, the metrics and the rate limiter leave them out. First in the chain; one header lookup per request.
 */
final class WarmupFilter extends HttpFilter {
  private static final long serialVersionUID = 1L;
  private final transient WarmupState state;

  WarmupFilter(WarmupState state) {
    this.state = state;
  }

  @Override
  protected void doFilter(HttpServletRequest req, HttpServletResponse resp, FilterChain chain)
      throws IOException, ServletException {
    if (state.isWarmupRequest(req.getHeader(Warmup.HEADER))) {
      req.setAttribute(Warmup.ATTRIBUTE, Boolean.TRUE);
    }
    chain.doFilter(req, resp);
  }
}
