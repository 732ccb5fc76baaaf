package org.dasgrid.webapp.browsers;

import jakarta.servlet.ServletContext;
import org.dasgrid.webapp.app.DasGridApp;
import org.dasgrid.webapp.app.Mount;

/** Mounts {@code /files/*}, {@code /jbrowse/config.json} and {@code /igv/session.json}. */
public final class BrowsersMount implements Mount {
  @Override
  public void mount(ServletContext ctx, DasGridApp app) {
    ctx.addServlet("files", new FilesServlet(app.registry(), app.exports(), app.config().server()))
        .addMapping("/files/*");
    ctx.addServlet("browser-configs", new BrowserConfigServlet(app.registry()))
        .addMapping("/jbrowse/config.json", "/igv/session.json");
  }
}
