package org.dasgrid.webapp.guards;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.ServletContext;
import java.util.EnumSet;
import org.dasgrid.core.config.Access;
import org.dasgrid.webapp.app.DasGridApp;
import org.dasgrid.webapp.app.Mount;

/** Mounts the guards every request passes, in this order: nosniff, CORS, the rate limit. */
public final class GuardsMount implements Mount {
  @Override
  public void mount(ServletContext ctx, DasGridApp app) {
    var protectedSources = app.config().sources().stream().filter(s -> s.access() == Access.TOKEN).toList();
    ctx.addFilter("nosniff", new NoSniffFilter())
        .addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), false, "/*");
    ctx.addFilter("cors", new CorsFilter(protectedSources))
        .addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), false, "/*");
    ctx.addFilter("rate-limit", new RateLimitFilter(app.config().server().rateLimit(), app.serverName()))
        .addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), true, "/*");
  }
}
