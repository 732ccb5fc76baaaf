package org.dasgrid.webapp.admin;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.dasgrid.core.registry.SourceSlot;
import org.dasgrid.core.registry.SourceState;
import org.dasgrid.core.render.JsonOutput;
import org.dasgrid.webapp.app.DasGridApp;

/**
 * {@code GET /admin/status}: every source with its state, version, size and the last reload error, and the
 * response cache figures; for operators (behind {@link AdminFilter}).
 */
final class AdminStatusServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;
  private final transient DasGridApp app;

  AdminStatusServlet(DasGridApp app) {
    this.app = app;
  }

  @Override
  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    resp.setContentType("application/json");
    resp.setHeader("Cache-Control", "no-store");
    try (var g = JsonOutput.generator(resp.getOutputStream())) {
      g.writeStartObject();
      g.writeStringField("server", app.serverName());
      g.writeArrayFieldStart("sources");
      for (SourceSlot s : app.registry().all()) {
        g.writeStartObject();
        g.writeStringField("id", s.id());
        g.writeStringField("access", s.config().access().name().toLowerCase(java.util.Locale.ROOT));
        SourceState st = s.state();
        if (st instanceof SourceState.Ready r) {
          g.writeStringField("state", "ready");
          g.writeStringField("version", r.source().version());
          g.writeNumberField("records", r.source().data().stats().records());
          g.writeNumberField("loadMillis", r.source().loadMillis());
        } else if (st instanceof SourceState.Failed f) {
          g.writeStringField("state", "failed");
          g.writeStringField("error", f.reason());
        } else {
          g.writeStringField("state", "loading");
        }
        if (s.lastReloadError().isPresent()) {
          g.writeStringField("lastReloadError", s.lastReloadError().get());
        }
        g.writeEndObject();
      }
      g.writeEndArray();
      var stats = app.cache().stats();
      g.writeObjectFieldStart("cache");
      g.writeNumberField("bytes", app.cache().weightedSize());
      g.writeNumberField("hits", stats.hitCount());
      g.writeNumberField("misses", stats.missCount());
      g.writeEndObject();
      g.writeEndObject();
    }
  }
}
