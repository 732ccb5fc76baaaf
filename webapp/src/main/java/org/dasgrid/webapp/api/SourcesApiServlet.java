package org.dasgrid.webapp.api;

import com.fasterxml.jackson.core.JsonGenerator;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import org.dasgrid.core.access.AccessCheck;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.webapp.http.BaseUrl;
import org.dasgrid.webapp.http.Bearer;
import org.dasgrid.webapp.http.JsonErrors;
import org.dasgrid.core.registry.SourceRegistry;
import org.dasgrid.core.registry.SourceSlot;
import org.dasgrid.core.registry.SourceState;
import org.dasgrid.core.render.JsonOutput;
import org.dasgrid.core.source.EntryPoint;
import org.dasgrid.webapp.access.Callers;
import org.dasgrid.core.config.Tier;

/**
 * {@code GET /api/sources}, {@code /api/sources/{id}}, {@code /api/sources/{id}/chrom.sizes} and
 * {@code /api/sources/{id}/search?q=NAME[&limit=N]}. Refusals are JSON {@code {"error": {"status", "message"}}},
 * as for the genotype API; a source that is loading or failed answers 503 where its data are needed.
 */
final class SourcesApiServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;
  private static final int DEFAULT_SEARCH_LIMIT = 10;
  private static final int MAX_SEARCH_LIMIT = 100;

  private final transient SourceRegistry registry;
  private final String serverName;
  private final transient SourceDerivations<String> defaultLocus = new SourceDerivations<>(DefaultLocus::of);
  private final transient SourceDerivations<SourceHints> hints =
      new SourceDerivations<>(s -> SourceHints.of(s, defaultLocus.of(s)));
  private final transient SourceDerivations<FeatureNameIndex> names =
      new SourceDerivations<>(s -> FeatureNameIndex.build(s.data()));

  SourcesApiServlet(SourceRegistry registry, String serverName) {
    this.registry = registry;
    this.serverName = serverName;
  }

  @Override
  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    resp.setHeader("Cache-Control", "no-store");
    String path = req.getPathInfo() == null ? "" : req.getPathInfo();
    String[] parts = path.isEmpty() || path.equals("/") ? new String[0] : path.substring(1).split("/", -1);
    try {
      if (parts.length == 0 || !parts[0].equals("sources")) {
        throw new ApiException(404, "no such resource; see /openapi.json");
      }
      // protected sources are absent without their token, exactly like unknown ones
      AccessCheck access = Callers.access(req, Tier.AGGREGATE);
      if (parts.length == 1) {
        all(req, resp, access);
        return;
      }
      SourceSlot slot = registry.slot(parts[1])
          .filter(s -> access.mayRead(s.config()))
          .orElseThrow(() -> new ApiException(404, "unknown data source '" + shorten(parts[1]) + "'"));
      if (parts.length == 2) {
        one(req, resp, slot);
      } else if (parts.length == 3 && parts[2].equals("chrom.sizes")) {
        chromSizes(resp, serving(slot));
      } else if (parts.length == 3 && parts[2].equals("search")) {
        search(req, resp, serving(slot));
      } else {
        throw new ApiException(404, "no such resource; see /openapi.json");
      }
    } catch (ApiException e) {
      error(resp, e.status(), e.getMessage());
    }
  }

  private void all(HttpServletRequest req, HttpServletResponse resp, AccessCheck access) throws IOException {
    SourceStatusJson status = new SourceStatusJson(BaseUrl.of(req), defaultLocus, hints);
    try (JsonGenerator g = json(resp, 200)) {
      g.writeStartObject();
      g.writeStringField("server", serverName);
      g.writeBooleanField("ready", registry.settled());
      g.writeArrayFieldStart("sources");
      for (SourceSlot s : registry.all()) {
        if (access.mayRead(s.config())) {
          status.write(g, s);
        }
      }
      g.writeEndArray();
      g.writeEndObject();
    }
  }

  private void one(HttpServletRequest req, HttpServletResponse resp, SourceSlot slot) throws IOException {
    try (JsonGenerator g = json(resp, 200)) {
      new SourceStatusJson(BaseUrl.of(req), defaultLocus, hints).write(g, slot);
    }
  }

  /** The UCSC chrom.sizes text a genome view takes as its reference: name, tab, length. */
  private static void chromSizes(HttpServletResponse resp, LoadedSource s) throws IOException {
    resp.setContentType("text/plain;charset=UTF-8");
    try (Writer w = new java.io.BufferedWriter(
        new java.io.OutputStreamWriter(resp.getOutputStream(), StandardCharsets.UTF_8))) {
      for (EntryPoint e : s.data().entryPoints()) {
        w.write(e.name());
        w.write('\t');
        w.write(Integer.toString(e.length()));
        w.write('\n');
      }
    }
  }

  private void search(HttpServletRequest req, HttpServletResponse resp, LoadedSource s) throws IOException {
    String q = req.getParameter("q");
    if (q == null || q.isBlank()) {
      throw new ApiException(400, "give the name to look for as q=NAME");
    }
    int limit = limit(req.getParameter("limit"));
    var hits = names.of(s).find(q, limit);
    try (JsonGenerator g = json(resp, 200)) {
      g.writeStartObject();
      g.writeStringField("query", q);
      g.writeArrayFieldStart("results");
      for (FeatureNameIndex.Hit h : hits) {
        g.writeStartObject();
        g.writeStringField("chromosome", h.ref());
        g.writeNumberField("start", h.start());
        g.writeNumberField("end", h.end());
        g.writeStringField("id", h.id());
        g.writeStringField("name", h.label());
        g.writeStringField("type", h.type());
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeEndObject();
    }
  }

  private static int limit(String value) {
    if (value == null) {
      return DEFAULT_SEARCH_LIMIT;
    }
    try {
      int n = Integer.parseInt(value.trim());
      if (n >= 1 && n <= MAX_SEARCH_LIMIT) {
        return n;
      }
    } catch (NumberFormatException e) {
      // answered below
    }
    throw new ApiException(400, "limit must be a number from 1 to " + MAX_SEARCH_LIMIT);
  }

  private static LoadedSource serving(SourceSlot slot) {
    SourceState st = slot.state();
    if (st instanceof SourceState.Ready r) {
      return r.source();
    }
    if (st instanceof SourceState.Failed f) {
      throw new ApiException(503, "data source '" + slot.id() + "' is unavailable: " + f.reason());
    }
    throw new ApiException(503, "data source '" + slot.id() + "' is still loading; try again shortly");
  }

  private static JsonGenerator json(HttpServletResponse resp, int status) throws IOException {
    resp.setStatus(status);
    resp.setContentType("application/json");
    OutputStream out = new BufferedOutputStream(resp.getOutputStream(), 16 * 1024);
    return JsonOutput.factory().createGenerator(out).enable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
  }

  static void error(HttpServletResponse resp, int status, String message) throws IOException {
    if (status == 503) {
      resp.setHeader("Retry-After", "5");
    }
    JsonErrors.write(resp, status, message);
  }

  private static String shorten(String s) {
    return s.length() <= 60 ? s : s.substring(0, 57) + "...";
  }
}
