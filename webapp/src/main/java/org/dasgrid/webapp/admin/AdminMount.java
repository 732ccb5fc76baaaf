package org.dasgrid.webapp.admin;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.ServletContext;
import java.util.EnumSet;
import org.dasgrid.webapp.app.DasGridApp;
import org.dasgrid.webapp.app.Mount;

/** Mounts {@code /admin/*}: the admin token check (after the guards), the status page and the reloads. */
public final class AdminMount implements Mount {
  @Override
  public void mount(ServletContext ctx, DasGridApp app) {
    ctx.addFilter("admin", new AdminFilter(app.config().server().adminTokens()))
        .addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), true, "/admin/*");
    ctx.addServlet("admin-status", new AdminStatusServlet(app)).addMapping("/admin/status");
    ctx.addServlet("admin", new AdminServlet(app)).addMapping("/admin/*");
  }
}
