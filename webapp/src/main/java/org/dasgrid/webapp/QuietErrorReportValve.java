package org.dasgrid.webapp;

import org.apache.catalina.valves.ErrorReportValve;

/**
 * Tomcat's own error pages (for requests it refuses before DasGrid sees them) without the server version
 * or a report that could carry a stack trace.
 */
public final class QuietErrorReportValve extends ErrorReportValve {
  public QuietErrorReportValve() {
    setShowReport(false);
    setShowServerInfo(false);
  }
}
