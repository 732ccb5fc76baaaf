package org.dasgrid.perf;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.dasgrid.webapp.app.DasGridApp;

/**
 * {@code GET /bench/info}: what this BenchServer offers (the load tests use it to find the cold twin and the
 * static baseline), its pid and cache statistics. {@code POST /bench/invalidate}: empties DasGrid's response
 * cache, for cold-cache runs.
 */
final class BenchControlServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;
  private final transient DasGridApp app;
  private final transient DasGridApp cold;
  private final transient StaticServlet statics;

  BenchControlServlet(DasGridApp app, DasGridApp cold, StaticServlet statics) {
    this.app = app;
    this.cold = cold;
    this.statics = statics;
  }

  @Override
  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    if (!"/info".equals(req.getPathInfo())) {
      resp.sendError(404);
      return;
    }
    var stats = app.cache().stats();
    String json = "{\"server\":\"BenchServer\",\"pid\":" + ProcessHandle.current().pid()
        + ",\"das\":\"/das\",\"cold\":" + (cold != null ? "\"" + BenchServer.COLD + "/das\"" : "null")
        + ",\"static\":" + (statics != null ? "\"" + BenchServer.STATIC + "/das\"" : "null")
        + ",\"staticResponses\":" + (statics != null ? statics.size() : 0)
        + ",\"cache\":{\"hits\":" + stats.hitCount() + ",\"misses\":" + stats.missCount()
        + ",\"evictions\":" + stats.evictionCount() + ",\"bytes\":" + app.cache().weightedSize() + "}"
        + (cold != null ? ",\"coldCache\":{\"hits\":" + cold.cache().stats().hitCount() + "}" : "")
        + "}\n";
    resp.setContentType("application/json");
    resp.setHeader("Cache-Control", "no-store");
    resp.getOutputStream().write(json.getBytes(StandardCharsets.UTF_8));
  }

  @Override
  protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    if (!"/invalidate".equals(req.getPathInfo())) {
      resp.sendError(404);
      return;
    }
    app.cache().invalidateAll();
    resp.setStatus(204);
  }
}
