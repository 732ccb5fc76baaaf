package org.dasgrid.webapp;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.dasgrid.core.config.ClusterConfig;
import org.dasgrid.core.config.ConfigException;
import org.dasgrid.core.config.DasGridConfig;
import org.dasgrid.webapp.app.DasGridApp;

/**
 * {@code java -jar dasgrid.jar --local-cluster --config cluster.yaml}: every node of a config's cluster on
 * this machine, each its own JVM, for trying a cluster out and for tests. Each node listens on loopback on
 * the ports of its {@code http} and {@code grpc} addresses in the config; their output is printed with the
 * node's id in front; Ctrl-C (or the end of this process, however it ends) stops them all.
 */
final class LocalCluster {
  /**
   * The first argument of each node's command line, before the launcher's process id: children poll for the
   * launcher and exit when it is gone, so a killed launcher leaves no orphans.
   */
  static final String EXIT_WITH = "--exit-with";

  static final String USAGE =
      "usage: java -jar dasgrid.jar --local-cluster --config PATH [--nodes ID,ID...] [--jvm-arg ARG]...\n"
          + "  starts every node of the config's cluster (or the ones named) on 127.0.0.1, each in its own JVM";

  /** A node's view of another in its {@code /metrics}: {@code dasgrid_cluster_node_up{node="b"} 1.0}. */
  private static final Pattern NODE_UP =
      Pattern.compile("^dasgrid_cluster_node_up\\{node=\"([^\"]+)\",?} (\\S+)$", Pattern.MULTILINE);

  private LocalCluster() {}

  /** A node to start: its id and its ports. */
  record NodeLaunch(String id, int httpPort, int grpcPort) {}

  static int run(String[] args, PrintStream out) throws Exception {
    Path config = null;
    List<String> only = new ArrayList<>();
    List<String> jvmArgs = new ArrayList<>();
    for (int i = 1; i < args.length; i++) {
      String a = args[i];
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException(a + " needs a value");
      }
      switch (a) {
        case "--config" -> config = Path.of(args[++i]);
        case "--nodes" -> only.addAll(List.of(args[++i].split(",")));
        case "--jvm-arg" -> jvmArgs.add(args[++i]);
        default -> throw new IllegalArgumentException("unknown option '" + a + "'");
      }
    }
    if (config == null) {
      throw new IllegalArgumentException("--local-cluster needs --config PATH");
    }
    DasGridConfig cfg = DasGridApp.loadConfig(config);
    List<NodeLaunch> nodes = plan(cfg, only);
    Map<String, Process> running = new LinkedHashMap<>();
    Thread stopper = new Thread(() -> stop(running), "dasgrid-local-cluster-stop");
    Runtime.getRuntime().addShutdownHook(stopper);
    CountDownLatch ready = new CountDownLatch(nodes.size());
    for (NodeLaunch n : nodes) {
      List<String> cmd = new ArrayList<>();
      cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
      cmd.addAll(jvmArgs);
      cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(),
          EXIT_WITH, Long.toString(ProcessHandle.current().pid()),
          "--config", config.toAbsolutePath().toString(), "--node-id", n.id(), "--port",
          Integer.toString(n.httpPort()), "--grpc-port", Integer.toString(n.grpcPort()), "--bind", "127.0.0.1",
          "--access-log", "off",
          // several JVMs on one machine warming at once would only compete for its cores
          "--no-warmup"));
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      running.put(n.id(), p);
      Thread echo = new Thread(() -> echo(n.id(), p, out, ready), "dasgrid-local-cluster-" + n.id());
      echo.setDaemon(true);
      echo.start();
    }
    out.println("local cluster: starting " + nodes.size() + " nodes from " + config);
    while (!ready.await(1, TimeUnit.SECONDS)) {
      for (Map.Entry<String, Process> e : running.entrySet()) {
        if (!e.getValue().isAlive()) {
          out.println("local cluster: node " + e.getKey() + " exited with " + e.getValue().exitValue()
              + "; stopping the others");
          return 1;
        }
      }
    }
    ClusterConfig cc = cfg.clusterConfig().orElseThrow();
    long waitMs = 3L * cc.probeIntervalMs() + 10_000;
    List<String> down = awaitSeeingEachOther(nodes, running, waitMs);
    for (Map.Entry<String, Process> e : running.entrySet()) {
      if (!e.getValue().isAlive()) {
        out.println("local cluster: node " + e.getKey() + " exited with " + e.getValue().exitValue()
            + "; stopping the others");
        return 1;
      }
    }
    // "ready" only when it is true: otherwise say what is still down, and that asking it fails for now
    out.println(down.isEmpty() ? "local cluster ready:"
        : "local cluster started, but after " + waitMs / 1000 + " s still " + String.join(", ", down)
            + " (questions needing those nodes fail until a probe finds them up):");
    for (NodeLaunch n : nodes) {
      out.println("  " + n.id() + "  http://127.0.0.1:" + n.httpPort() + "/das   gRPC 127.0.0.1:" + n.grpcPort()
          + "   pid " + running.get(n.id()).pid());
    }
    out.println("Ctrl-C stops them all.");
    for (Process p : running.values()) {
      p.waitFor();
    }
    return 0;
  }

  /** The nodes to start, with the ports of their addresses in the config. */
  static List<NodeLaunch> plan(DasGridConfig cfg, List<String> only) {
    ClusterConfig c = cfg.clusterConfig().orElseThrow(() ->
        new ConfigException(cfg.file().getFileName() + " has no cluster section: nothing to start"));
    List<NodeLaunch> out = new ArrayList<>();
    for (ClusterConfig.Node n : c.nodes()) {
      if (!only.isEmpty() && !only.contains(n.id())) {
        continue;
      }
      if (n.http() == null) {
        throw new ConfigException("cluster.nodes (" + n.id() + "): needs an http address for --local-cluster");
      }
      int http = URI.create(n.http()).getPort();
      if (http < 1) {
        throw new ConfigException("cluster.nodes (" + n.id() + "): http '" + n.http() + "' needs a port");
      }
      int grpc = Integer.parseInt(n.grpc().substring(n.grpc().lastIndexOf(':') + 1));
      out.add(new NodeLaunch(n.id(), http, grpc));
    }
    if (out.isEmpty()) {
      throw new ConfigException("no node of " + only + " in cluster.nodes");
    }
    return out;
  }

  private static void echo(String id, Process p, PrintStream out, CountDownLatch ready) {
    try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = r.readLine()) != null) {
        out.println("[" + id + "] " + line);
        if (line.startsWith("DasGrid ready on ")) {
          ready.countDown();
        }
      }
    } catch (IOException e) {
      // the node's output closed: it ended
    }
  }

  /**
   * Waits, at most {@code timeoutMs}, until each started node sees every other started node up, as its
   * {@code /metrics} says. A node that loaded first marked the others down while they were starting, and uses
   * them again only once its next probe finds them: "ready" before that would let the first questions fail.
   * Returns what is still down ({@code "a sees b down"}); empty when all is well. Stops waiting as soon as a
   * node has exited.
   */
  private static List<String> awaitSeeingEachOther(List<NodeLaunch> nodes, Map<String, Process> running,
      long timeoutMs) throws InterruptedException {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
    while (running.values().stream().allMatch(Process::isAlive)) {
      List<String> down = new ArrayList<>();
      for (NodeLaunch n : nodes) {
        Map<String, Boolean> seen = nodesUp(metrics(http, n.httpPort()));
        for (NodeLaunch other : nodes) {
          if (!seen.getOrDefault(other.id(), false)) {
            down.add(n.id() + " sees " + other.id() + " down");
          }
        }
      }
      if (down.isEmpty() || System.nanoTime() > until) {
        return down;
      }
      Thread.sleep(100);
    }
    return List.of(); // a node exited: the caller says which
  }

  private static String metrics(HttpClient http, int port) throws InterruptedException {
    try {
      HttpRequest req = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
          .timeout(Duration.ofSeconds(5)).build();
      return http.send(req, HttpResponse.BodyHandlers.ofString()).body();
    } catch (IOException e) {
      return ""; // not answering yet: every node counts as down
    }
  }

  /** The {@code dasgrid_cluster_node_up} gauges of a {@code /metrics} text, by node id: true for up. */
  static Map<String, Boolean> nodesUp(String metrics) {
    Map<String, Boolean> up = new LinkedHashMap<>();
    Matcher m = NODE_UP.matcher(metrics);
    while (m.find()) {
      up.put(m.group(1), Double.parseDouble(m.group(2)) == 1.0);
    }
    return up;
  }

  private static void stop(Map<String, Process> running) {
    running.values().forEach(Process::destroy);
    for (Process p : running.values()) {
      try {
        if (!p.waitFor(15, TimeUnit.SECONDS)) {
          p.destroyForcibly();
        }
      } catch (InterruptedException e) {
        p.destroyForcibly();
      }
    }
  }

  /** In a node started by a launcher ({@value #EXIT_WITH} PID): exits when the launcher is gone. */
  static void exitWithLauncher(long pid) {
    Thread t = new Thread(() -> {
      java.util.Optional<ProcessHandle> launcher = ProcessHandle.of(pid);
      while (launcher.map(ProcessHandle::isAlive).orElse(false)) {
        try {
          Thread.sleep(1000);
        } catch (InterruptedException e) {
          return;
        }
      }
      System.exit(0);
    }, "dasgrid-exit-with-launcher");
    t.setDaemon(true);
    t.start();
  }
}
