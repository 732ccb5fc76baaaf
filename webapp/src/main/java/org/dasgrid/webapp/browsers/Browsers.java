package org.dasgrid.webapp.browsers;

import jakarta.servlet.ServletContext;
import java.nio.file.Path;
import org.dasgrid.core.config.DasGridConfig;
import org.dasgrid.core.registry.SourceRegistry;
import org.dasgrid.datasources.export.ExportStore;

/** Registers {@code /files/*}, {@code /jbrowse/config.json} and {@code /igv/session.json}. */
public final class Browsers {
  private Browsers() {}

  public static void register(ServletContext ctx, DasGridConfig config, SourceRegistry registry) {
    ExportStore store = new ExportStore(exportDir(config));
    ctx.addServlet("files", new FilesServlet(registry, store, config.server())).addMapping("/files/*");
    ctx.addServlet("browser-configs", new BrowserConfigServlet(registry))
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
