package org.dasgrid.webapp.api;

import jakarta.servlet.ServletContext;
import org.dasgrid.core.registry.SourceRegistry;

/** Registers {@code /api/*} and {@code /openapi.json}. */
public final class JsonApi {
  private JsonApi() {}

  public static void register(ServletContext ctx, SourceRegistry registry, String serverName) {
    ctx.addServlet("api", new SourcesApiServlet(registry, serverName)).addMapping("/api/*");
    ctx.addServlet("openapi", new OpenApiServlet()).addMapping("/openapi.json");
  }
}
