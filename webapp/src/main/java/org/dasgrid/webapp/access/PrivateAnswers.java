package org.dasgrid.webapp.access;

import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.util.Locale;

/**
 * A response whose answer may depend on the caller's token: {@code Vary} always names {@code Authorization} and
 * a {@code Cache-Control} that would let shared caches keep it is made {@code private}, so no proxy serves one
 * caller's answer to a caller of another tier (the server's own caches are keyed so already).
 */
final class PrivateAnswers extends HttpServletResponseWrapper {
  PrivateAnswers(HttpServletResponse resp) {
    super(resp);
    resp.setHeader("Vary", "Authorization");
  }

  @Override
  public void setHeader(String name, String value) {
    super.setHeader(name, adjust(name, value));
  }

  @Override
  public void addHeader(String name, String value) {
    if ("Vary".equalsIgnoreCase(name) || "Cache-Control".equalsIgnoreCase(name)) {
      String had = getHeader(name);
      super.setHeader(name, adjust(name, had == null || had.isEmpty() ? value : had + ", " + value));
      return;
    }
    super.addHeader(name, value);
  }

  private static String adjust(String name, String value) {
    if (value == null) {
      return null;
    }
    String lower = value.toLowerCase(Locale.ROOT);
    if ("Vary".equalsIgnoreCase(name)) {
      return lower.contains("authorization") || lower.equals("*") ? value : value + ", Authorization";
    }
    if ("Cache-Control".equalsIgnoreCase(name)) {
      if (lower.contains("no-store") || lower.contains("private")) {
        return value;
      }
      return "private, " + value.replaceAll("(?i)public,?\\s*", "");
    }
    return value;
  }
}
