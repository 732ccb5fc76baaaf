package org.dasgrid.webapp;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.LifecycleState;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.apache.coyote.http11.Http11NioProtocol;
import org.dasgrid.core.config.ServerSettings;
import org.apache.tomcat.util.descriptor.web.ErrorPage;
import org.dasgrid.webapp.app.DasGridApp;
import org.dasgrid.webapp.errors.ApiErrorReportValve;
import org.dasgrid.webapp.errors.ErrorsMount;
import org.dasgrid.webapp.observe.AccessLog;
import org.dasgrid.webapp.warmup.Warmup;

/**
 * DasGrid on an embedded Tomcat 10.1: the same listener and servlets as the WAR, in one process. Tests start
 * it on port 0 and ask {@link #port()}.
 */
public final class EmbeddedServer implements AutoCloseable {
  private final Tomcat tomcat;
  private final DasGridApp app;
  private final Connector connector;
  private final Path baseDir;

  private EmbeddedServer(Tomcat tomcat, DasGridApp app, Connector connector, Path baseDir) {
    this.tomcat = tomcat;
    this.app = app;
    this.connector = connector;
    this.baseDir = baseDir;
  }

  /**
   * Adds to the container before it starts, beside DasGrid's own context: extra servlets or contexts for
   * benchmarks and tests (the {@code perf} module's static baseline). Not needed to serve DasGrid.
   */
  @FunctionalInterface
  public interface Customizer {
    void customize(Tomcat tomcat, Context dasGridContext, DasGridApp app) throws IOException;
  }

  /** Reads the config, starts Tomcat, and starts loading sources in the background. */
  public static EmbeddedServer start(ServerOptions options, PrintStream console) throws IOException {
    return start(options, console, (tomcat, context, app) -> {});
  }

  /** As {@link #start(ServerOptions, PrintStream)}, letting {@code customizer} add to Tomcat first. */
  public static EmbeddedServer start(ServerOptions options, PrintStream console, Customizer customizer)
      throws IOException {
    return start(options, DasGridApp.start(options.config().orElse(null), console, options.nodeOptions()), console,
        customizer);
  }

  /**
   * Serves an app already started (on a config its caller adjusted; {@code options.config()} is then not
   * read), letting {@code customizer} add to Tomcat first. The server closes the app.
   */
  public static EmbeddedServer start(ServerOptions options, DasGridApp app, PrintStream console,
      Customizer customizer) throws IOException {
    Path baseDir = Files.createTempDirectory("dasgrid-tomcat");
    Tomcat tomcat = new Tomcat();
    tomcat.setBaseDir(baseDir.toString());
    Connector connector = new Connector(Http11NioProtocol.class.getName());
    connector.setPort(options.port());
    connector.setProperty("address", options.bind());
    ServerSettings.HttpSettings http = app.config().server().http();
    connector.setProperty("maxThreads", Integer.toString(http.maxThreads()));
    connector.setProperty("maxConnections", Integer.toString(http.maxConnections()));
    connector.setProperty("acceptCount", Integer.toString(http.acceptCount()));
    connector.setProperty("maxKeepAliveRequests", Integer.toString(http.maxKeepAliveRequests()));
    connector.setProperty("connectionTimeout", Integer.toString(http.connectionTimeoutMillis()));
    connector.setProperty("keepAliveTimeout", Integer.toString(http.keepAliveTimeoutMillis()));
    connector.setProperty("maxHttpHeaderSize", Integer.toString(http.maxHeaderBytes()));
    connector.setProperty("socket.appWriteBufSize", Integer.toString(http.socketWriteBufferBytes()));
    // POSTed batch forms are read by DasServlet within server.maxQueryLength, not by Tomcat
    connector.setMaxPostSize(app.config().server().maxQueryLength());
    connector.setProperty("server", app.serverName());
    connector.setURIEncoding("UTF-8");
    // an encoded '/' in a source id stays literal, so it is refused as an unknown source by DasServlet
    // rather than by the connector with an HTML page
    connector.setEncodedSolidusHandling("passthrough");
    tomcat.getService().addConnector(connector);
    tomcat.setConnector(connector);
    Path docBase = Files.createDirectories(baseDir.resolve("webapp"));
    Context ctx = tomcat.addContext("", docBase.toString());
    accessLog(options, console).ifPresent(v -> tomcat.getEngine().getPipeline().addValve(v));
    // the background thread also writes out buffered access-log lines: every second, not Tomcat's default ten
    tomcat.getEngine().setBackgroundProcessorDelay(AccessLog.FLUSH_SECONDS);
    // requests Tomcat refuses before DasGrid sees them are answered in the API's format, as are those the
    // container ends in error inside the application (the error page; in the WAR, web.xml names it)
    if (tomcat.getHost() instanceof org.apache.catalina.core.StandardHost host) {
      host.setErrorReportValveClass(ApiErrorReportValve.class.getName());
      host.getPipeline().addValve(new ApiErrorReportValve(app.serverName(), http.maxHeaderBytes()));
    }
    ErrorPage errorPage = new ErrorPage();
    errorPage.setLocation(ErrorsMount.PAGE);
    ctx.addErrorPage(errorPage);
    ctx.addServletContainerInitializer((classes, sc) -> sc.setAttribute(DasGridApp.ATTRIBUTE, app), null);
    ctx.addApplicationListener(DasGridListener.class.getName());
    int warmupSeconds = options.warmupSeconds().orElse(app.config().server().warmupSeconds());
    if (warmupSeconds > 0) {
      app.warmup().begin(); // before the connector starts, so /health/ready never says ready before it
    }
    try {
      customizer.customize(tomcat, ctx, app);
      tomcat.start();
    } catch (LifecycleException e) {
      app.close();
      throw new IOException("cannot start Tomcat: " + e.getMessage(), e);
    } catch (IOException | RuntimeException e) {
      app.close();
      throw e;
    }
    if (connector.getState() != LifecycleState.STARTED || connector.getLocalPort() < 0) {
      try {
        tomcat.stop();
        tomcat.destroy();
      } catch (LifecycleException e) {
        // already failing; the message below says why
      }
      app.close();
      throw new IOException("cannot listen on " + options.bind() + ":" + options.port()
          + " (is the port in use?)");
    }
    if (warmupSeconds > 0) {
      String base = "http://" + loopback(options.bind()) + ":" + connector.getLocalPort();
      Warmup.startAfterLoad(app.loaded(), app.warmup(), base, warmupSeconds, console);
    }
    return new EmbeddedServer(tomcat, app, connector, baseDir);
  }

  /** Where this process reaches its own connector. */
  private static String loopback(String bind) {
    if (bind.equals("0.0.0.0") || bind.equals("::") || bind.equals("[::]")) {
      return "127.0.0.1";
    }
    return bind.contains(":") && !bind.startsWith("[") ? "[" + bind + "]" : bind;
  }

  /** Completes when the start-up warm-up is over (at once when there is none). */
  public java.util.concurrent.CompletableFuture<Void> warmedUp() {
    return app.warmup().done();
  }

  /** On the engine, so requests Tomcat refuses before they reach DasGrid are logged too. */
  private static java.util.Optional<org.apache.catalina.Valve> accessLog(ServerOptions options, PrintStream console) {
    return switch (options.accessLog()) {
      case ServerOptions.OFF -> java.util.Optional.empty();
      case ServerOptions.CONSOLE -> java.util.Optional.of(AccessLog.toConsole(console));
      default -> java.util.Optional.of(AccessLog.toFile(Path.of(options.accessLog())));
    };
  }

  public int port() {
    return connector.getLocalPort();
  }

  /** {@code http://127.0.0.1:PORT}, for clients on this machine. */
  public String localUrl() {
    return "http://127.0.0.1:" + port();
  }

  /** The connector's request thread pool (for tests and diagnostics). */
  public java.util.concurrent.Executor connectorExecutor() {
    return connector.getProtocolHandler().getExecutor();
  }

  public DasGridApp app() {
    return app;
  }

  /** Waits until every source is loaded or failed; false on timeout. */
  public boolean awaitLoaded(long timeout, TimeUnit unit) {
    try {
      app.loaded().get(timeout, unit);
      return true;
    } catch (java.util.concurrent.TimeoutException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } catch (java.util.concurrent.ExecutionException e) {
      return true; // failures are recorded per source
    }
  }

  @Override
  public void close() {
    try {
      tomcat.stop();
      tomcat.destroy();
    } catch (LifecycleException e) {
      // stopping anyway
    }
    app.close();
    deleteQuietly(baseDir);
  }

  private static void deleteQuietly(Path dir) {
    try (var walk = Files.walk(dir)) {
      walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // a leftover temp folder is harmless
    }
  }
}
