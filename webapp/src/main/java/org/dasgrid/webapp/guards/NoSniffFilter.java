package org.dasgrid.webapp.guards;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * {@code X-Content-Type-Options: nosniff} on every response: browsers take XML, JSON and text answers for
 * what they say they are, so text a client sent can never be run as HTML or script.
 */
final class NoSniffFilter extends HttpFilter {
  private static final long serialVersionUID = 1L;

  @Override
  protected void doFilter(HttpServletRequest req, HttpServletResponse resp, FilterChain chain)
      throws IOException, ServletException {
    resp.addHeader("X-Content-Type-Options", "nosniff"); // add: nothing set it before
    chain.doFilter(req, resp);
  }
}
