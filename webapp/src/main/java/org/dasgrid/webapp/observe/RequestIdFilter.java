package org.dasgrid.webapp.observe;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

/**
 * Puts an {@code X-Request-Id} on every response: the client's own when it sent a sane one (so a request can be
 * followed through proxies and logs), a new random one otherwise. The id is also a request attribute, for error
 * references and logs.
 */
final class RequestIdFilter extends HttpFilter {
  private static final long serialVersionUID = 1L;
  static final String HEADER = "X-Request-Id";
  /** What a client-sent id may look like: no spaces or quotes, so it cannot forge access-log fields. */
  private static final Pattern SANE = Pattern.compile("[A-Za-z0-9._:@/+=-]{1,128}");

  @Override
  protected void doFilter(HttpServletRequest req, HttpServletResponse resp, FilterChain chain)
      throws IOException, ServletException {
    String given = req.getHeader(HEADER);
    String id = given != null && SANE.matcher(given).matches() ? given : newId();
    req.setAttribute(Observability.REQUEST_ID_ATTRIBUTE, id);
    resp.addHeader(HEADER, id); // the first header set: no need to scan for one to replace
    chain.doFilter(req, resp);
  }

  /**
   * 128 random bits as 32 hex digits; ThreadLocalRandom, since ids need to be unique, not secret (and this runs
   * on every request, so no String.format).
   */
  static String newId() {
    ThreadLocalRandom r = ThreadLocalRandom.current();
    char[] out = new char[32];
    hex(r.nextLong(), out, 0);
    hex(r.nextLong(), out, 16);
    return new String(out);
  }

  private static void hex(long v, char[] out, int at) {
    for (int i = 15; i >= 0; i--) {
      out[at + i] = Character.forDigit((int) (v & 0xf), 16);
      v >>>= 4;
    }
  }
}
