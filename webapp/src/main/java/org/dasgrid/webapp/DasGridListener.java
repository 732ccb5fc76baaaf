package org.dasgrid.webapp;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import java.nio.file.Path;
import java.util.EnumSet;
import org.dasgrid.webapp.api.JsonApi;
import org.dasgrid.webapp.browsers.Browsers;
import org.dasgrid.webapp.observe.Observability;
import org.dasgrid.webapp.page.HomePage;

/**
 * Starts DasGrid inside a servlet context and registers its servlets and filters, the same way in the WAR
 * (declared in web.xml) and embedded (added by {@link EmbeddedServer}). The config path comes from the
 * context parameter or system property {@code dasgrid.config}; without one the bundled examples are served.
 */
public final class DasGridListener implements ServletContextListener {
  public static final String CONFIG_PARAMETER = "dasgrid.config";
  public static final String NODE_ID_PARAMETER = "dasgrid.nodeId";
  public static final String GRPC_PORT_PARAMETER = "dasgrid.grpcPort";
  public static final String GRPC_BIND_PARAMETER = "dasgrid.grpcBind";

  @Override
  public void contextInitialized(ServletContextEvent event) {
    ServletContext ctx = event.getServletContext();
    // embedded, the app is made before the container starts, so config errors reach the command line
    DasGridApp app = ctx.getAttribute(DasGridApp.ATTRIBUTE) instanceof DasGridApp given ? given : null;
    if (app == null) {
      String configured = setting(ctx, CONFIG_PARAMETER);
      app = DasGridApp.start(configured == null ? null : Path.of(configured), System.out, nodeOptions(ctx));
      ctx.setAttribute(DasGridApp.ATTRIBUTE, app);
    }

    // the start-up warm-up's requests are marked before anything counts or logs them
    ctx.addFilter("warmup", new WarmupFilter(app.warmup()))
        .addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), false, "/*");
    // request id and metrics first, so they see (and time) everything after them
    Observability.register(ctx, app.metrics(), app.config().server().adminTokens());
    var protectedSources = app.config().sources().stream()
        .filter(s -> s.access() == org.dasgrid.core.config.Access.TOKEN).toList();
    ctx.addFilter("nosniff", new NoSniffFilter())
        .addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), false, "/*");
    ctx.addFilter("cors", new CorsFilter(protectedSources))
        .addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), false, "/*");
    ctx.addFilter("rate-limit", new RateLimitFilter(app.config().server().rateLimit()))
        .addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), true, "/*");
    ctx.addFilter("admin", new AdminFilter(app.config().server().adminTokens()))
        .addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), true, "/admin/*");
    // last before the servlets: the caller, the tier of the path, 401/403 below it, the audit log
    org.dasgrid.webapp.access.AccessGuard.register(ctx, app.config(), app.version());
    var das = ctx.addServlet("das", new DasServlet(app));
    das.addMapping("/das/*", "/das");
    das.setLoadOnStartup(1);
    ctx.addServlet("health", new HealthServlet(app)).addMapping("/health/*");
    ctx.addServlet("genotypes", new GenotypeServlet(app)).addMapping("/genotypes/*");
    ctx.addServlet("admin-status", new AdminStatusServlet(app)).addMapping("/admin/status");
    ctx.addServlet("admin", new AdminServlet(app)).addMapping("/admin/*");
    JsonApi.register(ctx, app.registry(), app.serverName());
    org.dasgrid.webapp.beacon.Beacon.register(ctx, app);
    org.dasgrid.webapp.ga4gh.Ga4gh.register(ctx, app.registry(), app.version(),
        app.config().server().requestTimeoutMillis());
    Browsers.register(ctx, app.config(), app.registry());
    HomePage.register(ctx, app.version());
  }

  @Override
  public void contextDestroyed(ServletContextEvent event) {
    Object app = event.getServletContext().getAttribute(DasGridApp.ATTRIBUTE);
    if (app instanceof DasGridApp a) {
      a.close();
    }
  }

  /** In a WAR, {@code dasgrid.nodeId} and {@code dasgrid.grpcPort} make the webapp a cluster node. */
  private static NodeOptions nodeOptions(ServletContext ctx) {
    String node = setting(ctx, NODE_ID_PARAMETER);
    String port = setting(ctx, GRPC_PORT_PARAMETER);
    java.util.OptionalInt grpc = java.util.OptionalInt.empty();
    if (port != null) {
      try {
        grpc = java.util.OptionalInt.of(Integer.parseInt(port.trim()));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(GRPC_PORT_PARAMETER + " must be a port number, not '" + port + "'");
      }
    }
    String bind = setting(ctx, GRPC_BIND_PARAMETER);
    return new NodeOptions(java.util.Optional.ofNullable(node), grpc, bind == null ? "0.0.0.0" : bind);
  }

  private static String setting(ServletContext ctx, String name) {
    String v = ctx.getInitParameter(name);
    if (v == null || v.isBlank()) {
      v = System.getProperty(name);
    }
    return v == null || v.isBlank() ? null : v;
  }
}
