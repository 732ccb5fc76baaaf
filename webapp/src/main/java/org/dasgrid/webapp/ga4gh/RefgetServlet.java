package org.dasgrid.webapp.ga4gh;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.ga4gh.RefgetDocuments;
import org.dasgrid.core.ga4gh.RefgetStatus;
import org.dasgrid.core.ga4gh.ResolvedSequence;
import org.dasgrid.core.ga4gh.SequenceRange;
import org.dasgrid.core.ga4gh.SequenceResolver;
import org.dasgrid.webapp.http.Bearer;
import org.dasgrid.webapp.http.BaseUrl;
import org.dasgrid.webapp.access.Callers;
import org.dasgrid.core.config.Tier;

/**
 * refget v2.0.0 under {@code /refget}: {@code /sequence/{id}} (with {@code start}/{@code end} or a
 * {@code Range} header), {@code /sequence/{id}/metadata} and {@code /sequence/service-info}. The rules are in
 * {@code org.dasgrid.core.ga4gh}; this servlet reads the request, negotiates the media type and sets the
 * headers.
 */
final class RefgetServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;
  private static final System.Logger LOG = System.getLogger(RefgetServlet.class.getName());
  /** What a client may accept, v2 first: refget v1 clients (the GA4GH compliance suite among them) are served too. */
  private static final String[] PLAIN = {"text/vnd.ga4gh.refget.v2.0.0+plain", "text/vnd.ga4gh.refget.v1.0.0+plain",
      "text/plain"};
  private static final String[] JSON = {"application/vnd.ga4gh.refget.v2.0.0+json",
      "application/vnd.ga4gh.refget.v1.0.0+json", "application/json"};

  private final transient SequenceResolver resolver;
  private final transient ServiceInfos infos;
  private final transient IdentifierTypes identifierTypes;

  RefgetServlet(SequenceResolver resolver, ServiceInfos infos, IdentifierTypes identifierTypes) {
    this.resolver = resolver;
    this.infos = infos;
    this.identifierTypes = identifierTypes;
  }

  @Override
  protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    String m = req.getMethod();
    if (!m.equals("GET") && !m.equals("HEAD")) {
      resp.setHeader("Allow", "GET, HEAD, OPTIONS");
      error(resp, 405, "method not supported; use GET");
      return;
    }
    try {
      answer(req, resp);
    } catch (RequestException e) {
      error(resp, RefgetStatus.of(e.kind()), e.getMessage());
    } catch (RuntimeException e) {
      String id = Long.toHexString(System.nanoTime());
      LOG.log(System.Logger.Level.ERROR, "request " + id + " failed: " + req.getRequestURI(), e);
      if (!resp.isCommitted()) {
        error(resp, 500, "internal error (reference " + id + ")");
      }
    }
  }

  private void answer(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    String path = req.getPathInfo() == null ? "" : req.getPathInfo();
    if (path.equals("/sequence/service-info") || path.equals("/service-info")) {
      if (!Ga4ghResponses.accepts(req, JSON)) {
        error(resp, 406, "service-info is JSON (" + String.join(", ", JSON) + ")");
        return;
      }
      String base = BaseUrl.of(req);
      Ga4ghResponses.json(resp, 200, RefgetDocuments.JSON_TYPE,
          out -> infos.refget(base, identifierTypes.of(req)).write(out));
      return;
    }
    if (!path.startsWith("/sequence/") || path.length() == "/sequence/".length()) {
      throw RequestException.notFound("no such resource; use /refget/sequence/{id}, "
          + "/refget/sequence/{id}/metadata or /refget/sequence/service-info");
    }
    String rest = path.substring("/sequence/".length());
    boolean metadata = rest.endsWith("/metadata");
    String id = metadata ? rest.substring(0, rest.length() - "/metadata".length()) : rest;
    if (id.isEmpty() || id.contains("/")) {
      throw RequestException.notFound("no such resource '%s'", path.length() > 80 ? path.substring(0, 77) : path);
    }
    if (metadata ? !Ga4ghResponses.accepts(req, JSON) : !Ga4ghResponses.accepts(req, PLAIN)) {
      error(resp, 406, "this resource is " + String.join(", ", metadata ? JSON : PLAIN) + " (Accept: "
          + shorten(req.getHeader("Accept")) + ")");
      return;
    }
    ResolvedSequence seq = resolver.resolve(id, Callers.access(req, Tier.VARIANTS));
    if (metadata) {
      Ga4ghResponses.json(resp, 200, Ga4ghResponses.version(req, RefgetDocuments.JSON_TYPE,
          RefgetDocuments.JSON_TYPE_V1), out -> RefgetDocuments.writeMetadata(seq, out));
      return;
    }
    SequenceRange range = SequenceRange.parse(req.getParameter("start"), req.getParameter("end"),
        req.getHeader("Range"), seq.digest());
    resp.setContentType(Ga4ghResponses.version(req, RefgetDocuments.SEQUENCE_TYPE, RefgetDocuments.SEQUENCE_TYPE_V1));
    resp.setContentLengthLong(range.length());
    if (range.byRange()) {
      resp.setStatus(206);
      resp.setHeader("Content-Range", "bytes " + range.start() + "-" + (range.end() - 1) + "/"
          + range.sequenceLength());
    } else {
      resp.setStatus(200);
      // refget: start/end answers say Accept-Ranges: none; whole sequences may be asked for by Range
      resp.setHeader("Accept-Ranges", range.isWhole() ? "bytes" : "none");
    }
    if (!req.getMethod().equals("HEAD")) {
      RefgetDocuments.writeSequence(seq, range, resp.getOutputStream());
    }
  }

  /** Errors as {@code {"error": {"status", "message"}}}, like the genotype API's. */
  private static void error(HttpServletResponse resp, int status, String message) throws IOException {
    Ga4ghResponses.error(resp, status, "error", "status", status, message);
  }

  private static String shorten(String s) {
    return s == null ? "" : s.length() <= 60 ? s : s.substring(0, 57) + "...";
  }
}
