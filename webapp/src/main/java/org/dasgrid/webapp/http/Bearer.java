package org.dasgrid.webapp.http;

import jakarta.servlet.http.HttpServletRequest;

/** Reads an {@code Authorization: Bearer <token>} header. */
public final class Bearer {
  private Bearer() {}

  /** The bearer token of the request, or null when there is none. */
  public static String token(HttpServletRequest req) {
    String h = req.getHeader("Authorization");
    if (h == null || h.length() < 8 || !h.regionMatches(true, 0, "Bearer ", 0, 7)) {
      return null;
    }
    String t = h.substring(7).trim();
    return t.isEmpty() ? null : t;
  }
}
