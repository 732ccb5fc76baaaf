package org.dasgrid.webapp.das;

import jakarta.servlet.ServletContext;
import org.dasgrid.webapp.app.DasGridApp;
import org.dasgrid.webapp.app.Mount;

/** Mounts {@code /das} and {@code /das/*}, started with the context so the first request finds it ready. */
public final class DasMount implements Mount {
  @Override
  public void mount(ServletContext ctx, DasGridApp app) {
    var das = ctx.addServlet("das", new DasServlet(app));
    das.addMapping("/das/*", "/das");
    das.setLoadOnStartup(1);
  }
}
