package org.dasgrid.webapp.health;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.dasgrid.core.access.AccessCheck;
import org.dasgrid.core.access.Passports;
import org.dasgrid.webapp.access.AccessGuard;
import org.dasgrid.webapp.access.KeyHealth;
import org.dasgrid.core.access.Tokens;
import org.dasgrid.core.registry.SourceSlot;
import org.dasgrid.core.registry.SourceState;
import org.dasgrid.core.render.JsonOutput;
import org.dasgrid.webapp.app.DasGridApp;
import org.dasgrid.webapp.http.Bearer;
import org.dasgrid.webapp.http.JsonErrors;
import org.dasgrid.webapp.access.Callers;
import org.dasgrid.core.config.Tier;

/**
 * {@code /health/live} (the process answers) and {@code /health/ready} (every configured source is loaded
 * or marked failed), for load balancers and Kubernetes probes. Readiness counts every source, but the list of
 * sources names only those the caller may read (a protected one with its token; all with an admin token), so
 * an unauthenticated probe learns nothing about which protected sources exist.
 */
final class HealthServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;
  private final transient DasGridApp app;

  HealthServlet(DasGridApp app) {
    this.app = app;
  }

  @Override
  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    String path = req.getPathInfo() == null ? "" : req.getPathInfo();
    resp.setContentType("application/json");
    resp.setCharacterEncoding(StandardCharsets.UTF_8.name());
    resp.setHeader("Cache-Control", "no-store");
    switch (path) {
      case "/live" -> {
        resp.setStatus(200);
        resp.getWriter().write("{\"status\":\"live\"}");
      }
      case "/ready" -> ready(resp, access(req), (Passports) req.getServletContext()
          .getAttribute(AccessGuard.PASSPORTS_ATTRIBUTE));
      default -> JsonErrors.write(resp, 404, "use /health/live or /health/ready");
    }
  }

  private AccessCheck access(HttpServletRequest req) {
    String token = Bearer.token(req);
    return Tokens.matches(token, app.config().server().adminTokens()) ? AccessCheck.ALL
        : Callers.access(req, Tier.AGGREGATE);
  }

  private void ready(HttpServletResponse resp, AccessCheck access, Passports passports) throws IOException {
    boolean settled = app.registry().settled();
    // sources loaded, then the JIT warm-up of the request paths (Warmup), then ready
    boolean warming = settled && app.warmup().warming();
    boolean ready = settled && !warming;
    resp.setStatus(ready ? 200 : 503);
    try (var g = JsonOutput.generator(resp.getOutputStream())) {
      g.writeStartObject();
      g.writeStringField("status", ready ? "ready" : warming ? "warming" : "loading");
      g.writeArrayFieldStart("sources");
      for (SourceSlot s : app.registry().all()) {
        if (!access.mayRead(s.config())) {
          continue;
        }
        g.writeStartObject();
        g.writeStringField("id", s.id());
        SourceState st = s.state();
        if (st instanceof SourceState.Ready r) {
          g.writeStringField("state", "ready");
          g.writeStringField("version", r.source().version());
        } else if (st instanceof SourceState.Failed f) {
          g.writeStringField("state", "failed");
          g.writeStringField("error", f.reason());
        } else {
          g.writeStringField("state", "loading");
        }
        g.writeEndObject();
      }
      g.writeEndArray();
      if (passports != null) {
        KeyHealth.write(g, passports.keyStatus());
      }
      g.writeEndObject();
    }
  }
}
