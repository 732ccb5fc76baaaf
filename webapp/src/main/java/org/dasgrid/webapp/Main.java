package org.dasgrid.webapp;

import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.dasgrid.core.config.ConfigException;

/** {@code java -jar dasgrid.jar [--config PATH] [--port N] ...}: DasGrid on an embedded Tomcat. */
public final class Main {
  /** Held so the level set on it is not lost when an unreferenced logger is collected. */
  private static final Logger TOMCAT_LOG = Logger.getLogger("org.apache");

  private Main() {}

  public static void main(String[] args) throws Exception {
    if (args.length >= 2 && args[0].equals(LocalCluster.EXIT_WITH)) {
      // a node of --local-cluster: it ends with its launcher
      LocalCluster.exitWithLauncher(Long.parseLong(args[1]));
      args = java.util.Arrays.copyOfRange(args, 2, args.length);
    }
    if (args.length == 1 && (args[0].equals("--help") || args[0].equals("-h"))) {
      System.out.println(ServerOptions.USAGE);
      return;
    }
    if (args.length >= 1 && args[0].equals("--local-cluster")) {
      try {
        System.exit(LocalCluster.run(args, System.out));
      } catch (IllegalArgumentException e) {
        System.err.println("dasgrid: " + e.getMessage());
        System.err.println(LocalCluster.USAGE);
        System.exit(2);
      } catch (ConfigException e) {
        System.err.println("dasgrid: config error: " + e.getMessage());
        System.exit(1);
      }
      return;
    }
    if (args.length >= 1 && args[0].equals("index")) {
      System.exit(IndexCommand.run(java.util.Arrays.copyOfRange(args, 1, args.length), System.out, System.err));
      return;
    }
    if (args.length >= 1 && args[0].equals("token")) {
      // a local test issuer for trying controlled access (docs/access.md)
      System.exit(org.dasgrid.webapp.access.TokenCommand.run(java.util.Arrays.copyOfRange(args, 1, args.length),
          System.out, System.err));
      return;
    }
    if (args.length == 2 && args[0].equals("--hash-token")) {
      // what goes in the config's tokens / server.adminTokens, so the token itself is never stored
      System.out.println(org.dasgrid.core.access.Tokens.hash(args[1]));
      return;
    }
    ServerOptions options;
    try {
      options = ServerOptions.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("dasgrid: " + e.getMessage());
      System.err.println(ServerOptions.USAGE);
      System.exit(2);
      return;
    }
    TOMCAT_LOG.setLevel(Level.WARNING);
    EmbeddedServer server;
    try {
      server = EmbeddedServer.start(options, System.out);
    } catch (ConfigException e) {
      System.err.println("dasgrid: config error: " + e.getMessage());
      System.exit(1);
      return;
    } catch (java.io.IOException | java.io.UncheckedIOException e) {
      System.err.println("dasgrid: " + e.getMessage());
      System.exit(1);
      return;
    }
    Runtime.getRuntime().addShutdownHook(new Thread(server::close, "dasgrid-shutdown"));
    String host = options.bind().equals("0.0.0.0") ? "localhost" : options.bind();
    System.out.println("Listening on http://" + host + ":" + server.port() + "/ (loading sources...)");
    server.awaitLoaded(Long.MAX_VALUE, TimeUnit.DAYS);
    if (!server.warmedUp().isDone()) {
      System.out.println("warming up the request paths (--no-warmup skips this)...");
      server.warmedUp().join();
    }
    long ready = server.app().registry().loaded().size();
    long failed = server.app().registry().all().size() - ready;
    System.out.println("DasGrid ready on http://" + host + ":" + server.port() + "/das (" + ready + " sources"
        + (failed > 0 ? ", " + failed + " unavailable" : "") + ")");
    Thread.currentThread().join();
  }
}
