package org.dasgrid.webapp.admin;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import org.dasgrid.core.access.Tokens;
import org.dasgrid.webapp.http.Bearer;
import org.dasgrid.webapp.http.JsonErrors;

/**
 * Guards {@code /admin/*}: every request needs {@code Authorization: Bearer <token>} matching one of
 * {@code server.adminTokens} (stored hashed). Without configured tokens the admin endpoints are off.
 */
final class AdminFilter extends HttpFilter {
  private static final long serialVersionUID = 1L;
  private final transient List<String> digests;

  AdminFilter(List<String> digests) {
    this.digests = List.copyOf(digests);
  }

  @Override
  protected void doFilter(HttpServletRequest req, HttpServletResponse resp, FilterChain chain)
      throws IOException, ServletException {
    if (digests.isEmpty()) {
      refuse(resp, 403, "admin endpoints are disabled: configure server.adminTokens");
      return;
    }
    String token = Bearer.token(req);
    if (token == null) {
      resp.setHeader("WWW-Authenticate", "Bearer realm=\"dasgrid-admin\"");
      refuse(resp, 401, "admin endpoints need Authorization: Bearer <token>");
      return;
    }
    if (!Tokens.matches(token, digests)) {
      resp.setHeader("WWW-Authenticate", "Bearer realm=\"dasgrid-admin\", error=\"invalid_token\"");
      refuse(resp, 403, "token not accepted for admin endpoints");
      return;
    }
    chain.doFilter(req, resp);
  }

  private static void refuse(HttpServletResponse resp, int status, String message) throws IOException {
    JsonErrors.write(resp, status, message);
  }
}
