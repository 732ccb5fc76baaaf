package org.dasgrid.webapp.errors;

import java.io.IOException;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.tomcat.util.res.StringManager;
import org.dasgrid.core.error.ErrorKind;

/**
 * The embedded server's host error report: what Tomcat answers for a request it refused before any application
 * saw it goes out in the API's own format ({@link ApiErrors}), with no server version and no stack trace. A
 * request line and headers longer than {@code server.http.maxHeaderBytes} are refused as too large (the path is
 * known when the headers overflowed, not when the request line did: then the answer is JSON); a request target
 * with a character that is not percent-encoded as a bad argument, its path read from Tomcat's reason. A WAR's
 * host is the container's to configure (server.xml), so this runs embedded only.
 */
public final class ApiErrorReportValve extends ErrorReportValve {
  private static final StringManager HTTP11 = StringManager.getManager("org.apache.coyote.http11");
  /** Tomcat's reasons, in the JVM's language as Tomcat writes them. */
  private static final String TOO_LARGE = HTTP11.getString("iib.requestheadertoolarge.error");
  private static final String[] BAD_TARGET = HTTP11.getString("iib.invalidRequestTarget").split("\\{0\\}", 2);

  private final String serverName;
  private final int maxHeaderBytes;

  public ApiErrorReportValve(String serverName, int maxHeaderBytes) {
    this.serverName = serverName;
    this.maxHeaderBytes = maxHeaderBytes;
    setShowReport(false);
    setShowServerInfo(false);
  }

  @Override
  protected void report(Request request, Response response, Throwable t) {
    int status = response.getStatus();
    // as Tomcat's own: nothing for a success, an answer already written, or a status set with no error
    if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
      return;
    }
    String path = request.getRequestURI();
    String query = request.getQueryString();
    ErrorKind kind = ApiErrors.kind(status);
    String message = "HTTP " + status;
    String reason = t == null ? null : t.getMessage();
    if (TOO_LARGE.equals(reason)) {
      kind = ErrorKind.TOO_LARGE;
      message = "request line and headers longer than " + maxHeaderBytes + " bytes (server.http.maxHeaderBytes); "
          + "send a long query as a POST form body (application/x-www-form-urlencoded)";
    } else if (reason != null && reason.startsWith(BAD_TARGET[0]) && BAD_TARGET.length == 2) {
      kind = ErrorKind.BAD_ARGUMENT;
      message = "invalid character in the request target: percent-encode it (RFC 3986)";
      if (path == null) {
        int end = reason.indexOf(']', BAD_TARGET[0].length());
        String target = reason.substring(BAD_TARGET[0].length(), end < 0 ? reason.length() : end).trim();
        int q = target.indexOf('?');
        path = q < 0 ? target : target.substring(0, q);
        query = q < 0 ? null : target.substring(q + 1);
      }
    } else if (t != null) {
      message = status >= 500 ? "internal error" : "bad request";
    }
    try {
      ApiErrors.write(response, path, query, !"HEAD".equals(request.getMethod()), kind, status, message,
          serverName);
      response.finishResponse();
    } catch (IOException | IllegalStateException e) {
      // the client is gone, or the answer could not be begun: nothing more to tell it
    }
  }
}
