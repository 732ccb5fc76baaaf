package org.dasgrid.webapp.api;

import jakarta.servlet.ServletContext;
import org.dasgrid.webapp.app.DasGridApp;
import org.dasgrid.webapp.app.Mount;

/** Mounts {@code /api/*} and {@code /openapi.json}. */
public final class ApiMount implements Mount {
  @Override
  public void mount(ServletContext ctx, DasGridApp app) {
    ctx.addServlet("api", new SourcesApiServlet(app.registry(), app.serverName())).addMapping("/api/*");
    ctx.addServlet("openapi", new OpenApiServlet()).addMapping("/openapi.json");
  }
}
