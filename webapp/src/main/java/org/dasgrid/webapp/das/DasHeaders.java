package org.dasgrid.webapp.das;

import jakarta.servlet.http.HttpServletResponse;

/** The headers every DAS response carries, success or error. */
final class DasHeaders {
  static final String VERSION = "X-DAS-Version";
  static final String STATUS = "X-DAS-Status";
  static final String SERVER = "X-DAS-Server";
  static final String CAPABILITIES = "X-DAS-Capabilities";

  private DasHeaders() {}

  static void set(HttpServletResponse resp, int status, String server, String capabilities) {
    resp.setStatus(status);
    resp.setHeader(VERSION, "DAS/1.6");
    resp.setHeader(STATUS, Integer.toString(status));
    resp.setHeader(SERVER, server);
    resp.setHeader(CAPABILITIES, capabilities);
  }
}
