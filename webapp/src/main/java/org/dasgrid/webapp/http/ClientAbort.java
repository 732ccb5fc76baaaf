package org.dasgrid.webapp.http;

import org.apache.catalina.connector.ClientAbortException;

/** Tells a client that hung up mid-answer (nothing to tell it, nothing to log) from a failure. */
public final class ClientAbort {
  private ClientAbort() {}

  /** Whether a write failed because the client closed the connection (writers wrap Tomcat's exception). */
  public static boolean causedBy(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof ClientAbortException) {
        return true;
      }
    }
    return false;
  }
}
