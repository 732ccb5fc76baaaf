package org.dasgrid.webapp.errors;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.dasgrid.webapp.http.JsonErrors;

/**
 * The web application's error page ({@value ErrorsMount#PAGE}; web.xml in the WAR, the context's default error
 * page embedded): what the container answers for a request it ended in error inside the application (a method
 * a servlet does not take, an exception no servlet caught) goes out in the format of the API the request was
 * for, never as the container's HTML. An exception's message stays in the log, under a reference the answer
 * quotes.
 */
final class ErrorPageServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;
  private static final System.Logger LOG = System.getLogger(ErrorPageServlet.class.getName());
  private final String serverName;

  ErrorPageServlet(String serverName) {
    this.serverName = serverName;
  }

  @Override
  protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    if (!(req.getAttribute(RequestDispatcher.ERROR_STATUS_CODE) instanceof Integer status)) {
      JsonErrors.write(resp, 404, "no such resource");
      return;
    }
    String uri = req.getAttribute(RequestDispatcher.ERROR_REQUEST_URI) instanceof String u ? u : "";
    String path = uri.startsWith(req.getContextPath()) ? uri.substring(req.getContextPath().length()) : uri;
    // the error dispatch forwards to the page with no query of its own: the request's is the original one
    String query = req.getQueryString();
    String message;
    if (req.getAttribute(RequestDispatcher.ERROR_EXCEPTION) instanceof Throwable t) {
      String id = Long.toHexString(System.nanoTime());
      LOG.log(System.Logger.Level.ERROR, "request " + id + " failed: " + uri, t);
      message = "internal error (reference " + id + ")";
    } else {
      message = req.getAttribute(RequestDispatcher.ERROR_MESSAGE) instanceof String m && !m.isBlank() ? m
          : "HTTP " + status;
    }
    ApiErrors.write(resp, path, query, !"HEAD".equals(req.getMethod()), ApiErrors.kind(status), status, message,
        serverName);
  }
}
