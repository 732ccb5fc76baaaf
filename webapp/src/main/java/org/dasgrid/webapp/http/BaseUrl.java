package org.dasgrid.webapp.http;

import jakarta.servlet.http.HttpServletRequest;

/** The absolute URL of the web application as the client reached it ({@code http://host:port/context}). */
public final class BaseUrl {
  private BaseUrl() {}

  public static String of(HttpServletRequest req) {
    StringBuilder sb = new StringBuilder();
    sb.append(req.getScheme()).append("://").append(req.getServerName());
    int port = req.getServerPort();
    if (!(port == 80 && "http".equals(req.getScheme())) && !(port == 443 && "https".equals(req.getScheme()))) {
      sb.append(':').append(port);
    }
    return sb.append(req.getContextPath()).toString();
  }
}
