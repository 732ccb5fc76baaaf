package org.dasgrid.webapp.page;

import jakarta.servlet.ServletContext;
import org.dasgrid.webapp.app.DasGridApp;
import org.dasgrid.webapp.app.Mount;

/** Mounts the static-file servlet as the default servlet, so {@code /} is the home page. */
public final class PageMount implements Mount {
  @Override
  public void mount(ServletContext ctx, DasGridApp app) {
    ctx.addServlet("home", new StaticFileServlet(new StaticFiles(PageMount.class.getClassLoader(), "static/",
        app.version()))).addMapping("/");
  }
}
