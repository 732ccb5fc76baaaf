package org.dasgrid.webapp.page;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Locale;

/**
 * The default servlet: {@code /} is {@code index.html}, other paths are files of the page; anything else is a
 * plain 404. ETags and gzip as for DAS answers; vendored libraries (igv.js) may be cached for a day, the page
 * itself is revalidated so a new server version shows at once.
 */
final class StaticFileServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;
  private final transient StaticFiles files;

  StaticFileServlet(StaticFiles files) {
    this.files = files;
  }

  @Override
  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    serve(req, resp, true);
  }

  @Override
  protected void doHead(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    serve(req, resp, false);
  }

  private void serve(HttpServletRequest req, HttpServletResponse resp, boolean withBody) throws IOException {
    String path = req.getServletPath() + (req.getPathInfo() == null ? "" : req.getPathInfo());
    String name = path.isEmpty() || path.equals("/") ? "index.html" : path.substring(1);
    var file = files.get(name);
    if (file.isEmpty()) {
      resp.setStatus(404);
      resp.setContentType("text/plain;charset=UTF-8");
      resp.getWriter().write("404 not found; the DAS root is das/sources, the page is at /\n");
      return;
    }
    StaticFile f = file.get();
    boolean gzip = acceptsGzip(req);
    resp.setContentType(f.contentType());
    resp.setHeader("Vary", "Accept-Encoding");
    // the gzip bytes differ, so they get their own tag; either one revalidates
    String etag = gzip ? f.etag().substring(0, f.etag().length() - 1) + "-gz\"" : f.etag();
    resp.setHeader("ETag", etag);
    resp.setHeader("Cache-Control", f.immutableName() ? "public, max-age=86400" : "no-cache");
    String inm = req.getHeader("If-None-Match");
    if (inm != null && (inm.contains(f.etag()) || inm.contains(etag))) {
      resp.setStatus(HttpServletResponse.SC_NOT_MODIFIED);
      return;
    }
    byte[] body = gzip ? f.gzipped() : f.body();
    if (gzip) {
      resp.setHeader("Content-Encoding", "gzip");
    }
    resp.setContentLength(body.length);
    if (withBody) {
      resp.getOutputStream().write(body);
    }
  }

  private static boolean acceptsGzip(HttpServletRequest req) {
    String ae = req.getHeader("Accept-Encoding");
    return ae != null && ae.toLowerCase(Locale.ROOT).contains("gzip") && !ae.replace(" ", "").contains("gzip;q=0");
  }
}
