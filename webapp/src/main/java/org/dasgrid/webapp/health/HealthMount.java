package org.dasgrid.webapp.health;

import jakarta.servlet.ServletContext;
import org.dasgrid.webapp.app.DasGridApp;
import org.dasgrid.webapp.app.Mount;

/** Mounts {@code /health/*}. */
public final class HealthMount implements Mount {
  @Override
  public void mount(ServletContext ctx, DasGridApp app) {
    ctx.addServlet("health", new HealthServlet(app)).addMapping("/health/*");
  }
}
