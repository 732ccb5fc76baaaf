package org.dasgrid.webapp;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * CORS on every response, errors included, so browser clients (Biodalliance, igv.js) can read bodies and
 * the X-DAS headers; answers preflight {@code OPTIONS} requests itself.
 */
final class CorsFilter extends HttpFilter {
  private static final long serialVersionUID = 1L;
  static final String EXPOSED = "X-DAS-Version, X-DAS-Status, X-DAS-Server, X-DAS-Capabilities, ETag, "
      + "Server-Timing, X-Request-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After";

  @Override
  protected void doFilter(HttpServletRequest req, HttpServletResponse resp, FilterChain chain)
      throws IOException, ServletException {
    resp.setHeader("Access-Control-Allow-Origin", "*");
    resp.setHeader("Access-Control-Expose-Headers", EXPOSED);
    if ("OPTIONS".equals(req.getMethod()) && req.getHeader("Access-Control-Request-Method") != null) {
      resp.setHeader("Access-Control-Allow-Methods", "GET, HEAD, POST, OPTIONS");
      resp.setHeader("Access-Control-Allow-Headers",
          "If-None-Match, Accept, Accept-Encoding, Content-Type, Authorization, X-Request-Id");
      resp.setHeader("Access-Control-Max-Age", "86400");
      resp.setStatus(HttpServletResponse.SC_NO_CONTENT);
      return;
    }
    chain.doFilter(req, resp);
  }
}
