package org.dasgrid.webapp.warmup;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.ServletContext;
import java.util.EnumSet;
import org.dasgrid.webapp.app.DasGridApp;
import org.dasgrid.webapp.app.Mount;

/** Mounts the filter that marks the warm-up's requests: first of all, before anything counts or logs them. */
public final class WarmupMount implements Mount {
  @Override
  public void mount(ServletContext ctx, DasGridApp app) {
    ctx.addFilter("warmup", new WarmupFilter(app.warmup()))
        .addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), false, "/*");
  }
}
