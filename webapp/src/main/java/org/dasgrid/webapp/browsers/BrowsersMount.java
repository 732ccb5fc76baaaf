package org.dasgrid.webapp.browsers;

import jakarta.servlet.ServletContext;
import java.nio.file.Path;
import org.dasgrid.core.config.DasGridConfig;
import org.dasgrid.datasources.export.ExportStore;
import org.dasgrid.webapp.app.DasGridApp;
import org.dasgrid.webapp.app.Mount;

/** Mounts {@code /files/*}, {@code /jbrowse/config.json} and {@code /igv/session.json}. */
public final class BrowsersMount implements Mount {
  @Override
  public void mount(ServletContext ctx, DasGridApp app) {
    DasGridConfig config = app.config();
    ExportStore store = new ExportStore(exportDir(config));
    ctx.addServlet("files", new FilesServlet(app.registry(), store, config.server())).addMapping("/files/*");
    ctx.addServlet("browser-configs", new BrowserConfigServlet(app.registry()))
        .addMapping("/jbrowse/config.json", "/igv/session.json");
  }

  /** {@code server.exportDir}, a relative path taken from the config file's folder. */
  static Path exportDir(DasGridConfig config) {
    Path dir = Path.of(config.server().exportDir());
    if (!dir.isAbsolute() && config.file() != null && config.file().getParent() != null) {
      dir = config.file().getParent().resolve(dir);
    }
    return dir.normalize();
  }
}
