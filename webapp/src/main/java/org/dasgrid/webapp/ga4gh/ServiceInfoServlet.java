package org.dasgrid.webapp.ga4gh;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import org.dasgrid.core.ga4gh.ServiceInfo;
import org.dasgrid.webapp.http.BaseUrl;

/**
 * {@code GET /service-info}: the server's GA4GH service-info 1.0 document (a service registry), and
 * {@code GET /services}: the service-info of each GA4GH API it serves.
 */
final class ServiceInfoServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;
  private final transient ServiceInfos infos;
  private final transient IdentifierTypes identifierTypes;

  ServiceInfoServlet(ServiceInfos infos, IdentifierTypes identifierTypes) {
    this.infos = infos;
    this.identifierTypes = identifierTypes;
  }

  @Override
  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    String base = BaseUrl.of(req);
    if (req.getServletPath().equals("/services")) {
      List<ServiceInfo> all = infos.apis(base, identifierTypes.of(req));
      Ga4ghResponses.json(resp, 200, "application/json", out -> {
        out.write('[');
        for (int i = 0; i < all.size(); i++) {
          if (i > 0) {
            out.write(',');
          }
          all.get(i).write(nonClosing(out));
        }
        out.write(']');
      });
      return;
    }
    Ga4ghResponses.json(resp, 200, "application/json", out -> infos.server(base).write(out));
  }

  /** A stream whose close leaves the underlying one open, for writing several documents into one. */
  static java.io.OutputStream nonClosing(java.io.OutputStream out) {
    return new java.io.FilterOutputStream(out) {
      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
      }

      @Override
      public void close() throws IOException {
        flush();
      }
    };
  }
}
