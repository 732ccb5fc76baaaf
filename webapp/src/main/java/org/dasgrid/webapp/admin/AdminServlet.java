package org.dasgrid.webapp.admin;

import com.fasterxml.jackson.core.JsonGenerator;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.core.registry.SourceSlot;
import org.dasgrid.core.render.JsonOutput;
import org.dasgrid.webapp.app.DasGridApp;
import org.dasgrid.webapp.http.JsonErrors;

/**
 * Operations on a running server: {@code POST /admin/reload/{source}} loads the source's files again in the
 * background and swaps the new version in atomically; requests keep being answered by the old version until
 * then, and by it still if the reload fails. The answer waits for the reload ({@code ?wait=false} returns
 * 202 at once).
 *
 * <p>Every {@code /admin} request passes {@link AdminFilter} first: it needs an admin bearer token.
 */
final class AdminServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;
  private static final long WAIT_MINUTES = 30;
  private final transient DasGridApp app;

  AdminServlet(DasGridApp app) {
    this.app = app;
  }

  @Override
  protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    resp.setHeader("Cache-Control", "no-store");
    String path = req.getPathInfo() == null ? "" : req.getPathInfo();
    if (!path.startsWith("/reload/") || path.length() == "/reload/".length()) {
      error(resp, 404, "use POST /admin/reload/{source}");
      return;
    }
    String id = path.substring("/reload/".length());
    Optional<SourceSlot> slot = app.registry().slot(id);
    if (slot.isEmpty()) {
      error(resp, 404, "unknown data source '" + (id.length() > 60 ? id.substring(0, 57) + "..." : id) + "'");
      return;
    }
    var reload = app.loader().reload(slot.get());
    if ("false".equals(req.getParameter("wait"))) {
      write(resp, 202, g -> {
        g.writeStringField("source", id);
        g.writeStringField("status", "reloading");
      });
      return;
    }
    boolean ok;
    try {
      ok = reload.get(WAIT_MINUTES, TimeUnit.MINUTES);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      error(resp, 503, "interrupted while waiting for the reload");
      return;
    } catch (ExecutionException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      error(resp, 500, "reload of '" + id + "' failed: " + cause.getClass().getSimpleName() + ": "
          + cause.getMessage());
      return;
    } catch (TimeoutException e) {
      // not a failure: the reload goes on, as with ?wait=false
      write(resp, 202, g -> {
        g.writeStringField("source", id);
        g.writeStringField("status", "reloading");
        g.writeStringField("message", "the reload is taking over " + WAIT_MINUTES + " minutes; it goes on");
      });
      return;
    }
    Optional<LoadedSource> serving = slot.get().loaded();
    if (ok && serving.isPresent()) {
      write(resp, 200, g -> {
        g.writeStringField("source", id);
        g.writeStringField("status", "reloaded");
        g.writeStringField("version", serving.get().version());
        g.writeNumberField("records", serving.get().data().stats().records());
        g.writeNumberField("loadMillis", serving.get().loadMillis());
      });
      return;
    }
    String reason = slot.get().lastReloadError().orElse("unknown reason");
    String kept = serving.map(s -> "; version " + s.version() + " keeps serving").orElse("");
    // the source's files could not be loaded (the reason names file and line): not a fault of the server's code
    error(resp, 422, "reload of '" + id + "' failed: " + reason + kept);
  }

  @Override
  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    resp.setHeader("Allow", "POST");
    error(resp, 405, "use POST /admin/reload/{source}");
  }

  private static void error(HttpServletResponse resp, int status, String message) throws IOException {
    JsonErrors.write(resp, status, message);
  }

  private interface Fields {
    void write(JsonGenerator g) throws IOException;
  }

  private static void write(HttpServletResponse resp, int status, Fields fields) throws IOException {
    resp.setStatus(status);
    resp.setContentType("application/json");
    try (JsonGenerator g = JsonOutput.generator(resp.getOutputStream())) {
      g.writeStartObject();
      fields.write(g);
      g.writeEndObject();
    }
  }
}
