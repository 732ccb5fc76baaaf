package org.dasgrid.webapp.beacon;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dasgrid.core.access.AccessCheck;
import org.dasgrid.core.access.Caller;
import org.dasgrid.core.cluster.FanOutReport;
import org.dasgrid.core.config.Tier;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.ga4gh.beacon.BeaconDatasets;
import org.dasgrid.core.ga4gh.beacon.BeaconRequest;
import org.dasgrid.core.ga4gh.beacon.BeaconService;
import org.dasgrid.webapp.http.Bearer;
import org.dasgrid.webapp.app.DasGridApp;
import org.dasgrid.webapp.http.BaseUrl;
import org.dasgrid.webapp.access.Callers;

/**
 * Moves Beacon requests and answers between HTTP and {@link BeaconService}: the datasets are the sources the
 * request's bearer token may read; errors become {@code beaconErrorResponse} documents with the status {@link
 * BeaconService#status} gives; never a stack trace. An answer that asked other cluster nodes says which in
 * {@code X-DasGrid-Nodes}, as the DAS and genotype answers do.
 */
final class BeaconServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;
  private static final System.Logger LOG = System.getLogger(BeaconServlet.class.getName());
  /** A Beacon query body is a few hundred bytes; this bounds what a client can make us hold. */
  static final int MAX_BODY = 64 * 1024;
  private static final String JSON = "application/json";

  private final transient DasGridApp app;
  private final transient BeaconService service;
  private final transient ObjectMapper mapper = new ObjectMapper();

  BeaconServlet(DasGridApp app, BeaconService service) {
    this.app = app;
    this.service = service;
  }

  @Override
  protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    String path = req.getPathInfo() == null ? "" : req.getPathInfo();
    String m = req.getMethod();
    boolean post = m.equals("POST") && BeaconService.acceptsPost(path);
    if (!m.equals("GET") && !m.equals("HEAD") && !post) {
      resp.setHeader("Allow", BeaconService.acceptsPost(path) ? "GET, HEAD, POST, OPTIONS" : "GET, HEAD, OPTIONS");
      write(resp, 405, service.error(405, "method " + (m.length() > 10 ? m.substring(0, 10) : m)
          + " is not supported here; use GET" + (BeaconService.acceptsPost(path) ? " or POST" : "")));
      return;
    }
    try {
      List<FanOutReport> reports = new ArrayList<>();
      Caller caller = Callers.of(req);
      BeaconRequest r = new BeaconRequest(post ? "POST" : "GET", path, query(req.getQueryString()),
          post ? body(req) : new byte[0],
          BeaconDatasets.readableAtTiers(app.registry(), c -> Callers.beaconAccess(caller, c), reports::add),
          BeaconDatasets.unavailable(app.registry(), AccessCheck.of(caller, Tier.AGGREGATE)), BaseUrl.of(req));
      ObjectNode doc = service.answer(r);
      if (doc.path("responseSummary").has("numTotalResults")) {
        Callers.noteRows(req, doc.path("responseSummary").path("numTotalResults").asLong());
      }
      FanOutReport who = new FanOutReport();
      reports.forEach(who::addAll);
      if (!who.nodes().isEmpty()) {
        resp.setHeader("X-DasGrid-Nodes", who.nodesText());
      }
      write(resp, 200, doc);
    } catch (RequestException e) {
      write(resp, BeaconService.status(e.kind()), service.error(e));
    } catch (RuntimeException e) {
      String id = Long.toHexString(System.nanoTime());
      LOG.log(System.Logger.Level.ERROR, "request " + id + " failed: " + req.getRequestURI(), e);
      if (!resp.isCommitted()) {
        write(resp, 500, service.error(500, "internal error (reference " + id + ")"));
      }
    }
  }

  /** The query string's parameters, in order, each with its values ({@code +} and {@code %XX} decoded). */
  static Map<String, List<String>> query(String qs) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    if (qs == null || qs.isEmpty()) {
      return out;
    }
    for (String pair : qs.split("&")) {
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      try {
        String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
        String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
        out.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
      } catch (IllegalArgumentException e) {
        throw RequestException.badArgument("malformed query string near '%s'",
            pair.length() > 40 ? pair.substring(0, 37) + "..." : pair);
      }
    }
    return out;
  }

  private static byte[] body(HttpServletRequest req) throws IOException {
    if (req.getContentLengthLong() > MAX_BODY) {
      throw RequestException.tooLarge("request body of %d bytes; a Beacon query is at most %d", req.getContentLengthLong(), MAX_BODY);
    }
    try (InputStream in = req.getInputStream()) {
      byte[] b = in.readNBytes(MAX_BODY + 1);
      if (b.length > MAX_BODY) {
        throw RequestException.tooLarge("request body over %d bytes; a Beacon query is smaller", MAX_BODY);
      }
      return b;
    }
  }

  private void write(HttpServletResponse resp, int status, ObjectNode doc) throws IOException {
    byte[] bytes = mapper.writeValueAsBytes(doc);
    resp.resetBuffer();
    resp.setStatus(status);
    resp.setContentType(JSON);
    resp.setCharacterEncoding(StandardCharsets.UTF_8.name());
    resp.setHeader("Cache-Control", "no-store");
    resp.setContentLength(bytes.length);
    resp.getOutputStream().write(bytes);
  }
}
