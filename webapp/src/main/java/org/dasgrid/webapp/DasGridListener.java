package org.dasgrid.webapp;

import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import java.nio.file.Path;
import java.util.List;
import org.dasgrid.webapp.access.AccessMount;
import org.dasgrid.webapp.admin.AdminMount;
import org.dasgrid.webapp.api.ApiMount;
import org.dasgrid.webapp.app.DasGridApp;
import org.dasgrid.webapp.app.Mount;
import org.dasgrid.webapp.app.NodeOptions;
import org.dasgrid.webapp.beacon.BeaconMount;
import org.dasgrid.webapp.browsers.BrowsersMount;
import org.dasgrid.webapp.das.DasMount;
import org.dasgrid.webapp.errors.ErrorsMount;
import org.dasgrid.webapp.ga4gh.Ga4ghMount;
import org.dasgrid.webapp.genotypes.GenotypesMount;
import org.dasgrid.webapp.guards.GuardsMount;
import org.dasgrid.webapp.health.HealthMount;
import org.dasgrid.webapp.observe.Observability;
import org.dasgrid.webapp.page.PageMount;
import org.dasgrid.webapp.warmup.WarmupMount;

/**
 * Starts DasGrid inside a servlet context and mounts every room's filters and servlets, the same way in the WAR
 * (declared in web.xml) and embedded (added by {@link EmbeddedServer}). The config path comes from the
 * context parameter or system property {@code dasgrid.config}; without one the bundled examples are served.
 */
public final class DasGridListener implements ServletContextListener {
  /**
   * The rooms, in the order their filters run: the warm-up's mark first (before anything counts or logs a
   * request), then request id and metrics (they see and time everything after them), the guards, admin's token
   * check; then the servlets, whose order does not matter. {@code observe} sits below the app (the app owns its
   * metrics), so it is mounted through its own registration.
   */
  private static final List<Mount> MOUNTS = List.of(
      new WarmupMount(),
      (ctx, app) -> Observability.register(ctx, app.metrics(), app.config().server().adminTokens()),
      new GuardsMount(),
      new AdminMount(),
      new AccessMount(),
      new DasMount(),
      new HealthMount(),
      new GenotypesMount(),
      new ApiMount(),
      new BeaconMount(),
      new Ga4ghMount(),
      new BrowsersMount(),
      new PageMount(),
      new ErrorsMount());

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
      String configured = configPath(ctx);
      app = DasGridApp.start(configured == null ? null : Path.of(configured), System.out, nodeOptions(ctx));
      ctx.setAttribute(DasGridApp.ATTRIBUTE, app);
    }
    for (Mount m : MOUNTS) {
      m.mount(ctx, app);
    }
    app.checkIndexesOnceReady();
  }

  @Override
  public void contextDestroyed(ServletContextEvent event) {
    Object app = event.getServletContext().getAttribute(DasGridApp.ATTRIBUTE);
    if (app instanceof DasGridApp a) {
      a.close();
    }
  }

  /**
   * In a WAR, the context parameters {@code dasgrid.nodeId}, {@code dasgrid.grpcPort} and {@code dasgrid.grpcBind}
   * make the webapp a cluster node (docs/deployment.md).
   */
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
    return v == null || v.isBlank() ? null : v;
  }

  /**
   * The config file: the context parameter {@code dasgrid.config}, else the system property of that name (the
   * one setting a system property may give, contract section 1: it is where the config is, not what it says).
   */
  private static String configPath(ServletContext ctx) {
    String v = setting(ctx, CONFIG_PARAMETER);
    if (v == null) {
      v = System.getProperty(CONFIG_PARAMETER);
    }
    return v == null || v.isBlank() ? null : v;
  }
}
