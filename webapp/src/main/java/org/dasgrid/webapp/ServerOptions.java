package org.dasgrid.webapp;

import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;
import org.dasgrid.webapp.app.NodeOptions;

/**
 * Command-line options of the embedded server:
 * {@code [--config PATH] [--port N] [--grpc-port N] [--node-id ID] [--bind ADDRESS] [--access-log -|off|PATH]
 * [--warmup-seconds N | --no-warmup]}.
 * {@code accessLog} is {@value #CONSOLE} for the console, {@value #OFF}, or a file path.
 */
public record ServerOptions(
    Optional<Path> config, int port, OptionalInt grpcPort, Optional<String> nodeId, String bind, String accessLog,
    OptionalInt warmupSeconds) {
  public static final String CONSOLE = "-";
  public static final String OFF = "off";

  public static final String USAGE =
      "usage: java -jar dasgrid.jar [--config PATH] [--port N] [--grpc-port N] [--node-id ID] [--bind ADDRESS]"
          + " [--access-log -|off|PATH] [--warmup-seconds N | --no-warmup]\n"
          + "  --config PATH    YAML config (default: the bundled example sources)\n"
          + "  --port N         HTTP port (default 8080; 0 picks a free one)\n"
          + "  --grpc-port N    serve the gRPC sidecar on this port (a cluster node: default its config address)\n"
          + "  --node-id ID     this node's id in the config's cluster section (required with a cluster)\n"
          + "  --bind ADDRESS   address to listen on (default 0.0.0.0)\n"
          + "  --access-log -|off|PATH  access log (combined format): console (default), none, or a file\n"
          + "  --warmup-seconds N  warm the request paths up to N s before /health/ready says ready (default: the\n"
          + "                   config's server.warmupSeconds, 15)\n"
          + "  --no-warmup      no start-up warm-up (the same as --warmup-seconds 0)\n"
          + "java -jar dasgrid.jar --hash-token TOKEN   prints the digest to store in the config's tokens\n"
          + "java -jar dasgrid.jar token init|mint ...   a local test issuer of bearer tokens (docs/access.md)\n"
          + "java -jar dasgrid.jar index --vcf COHORT.vcf.gz --out COHORT.dgi\n"
          + "                 builds a genotype index for a source's genotypeIndex: (docs/genotypes.md)\n"
          + "java -jar dasgrid.jar --local-cluster --config PATH [--nodes ID,...] [--jvm-arg ARG]...\n"
          + "                 starts every node of the config's cluster on this machine (127.0.0.1)";

  /** How this server takes part in a cluster: {@code --node-id}, {@code --grpc-port}, on {@code --bind}. */
  public NodeOptions nodeOptions() {
    return new NodeOptions(nodeId, grpcPort, bind);
  }

  public static ServerOptions defaults() {
    return new ServerOptions(Optional.empty(), 8080, OptionalInt.empty(), Optional.empty(), "0.0.0.0", CONSOLE,
        OptionalInt.empty());
  }

  public ServerOptions withPort(int p) {
    return new ServerOptions(config, p, grpcPort, nodeId, bind, accessLog, warmupSeconds);
  }

  public ServerOptions withConfig(Path p) {
    return new ServerOptions(Optional.of(p), port, grpcPort, nodeId, bind, accessLog, warmupSeconds);
  }

  public ServerOptions withBind(String address) {
    return new ServerOptions(config, port, grpcPort, nodeId, address, accessLog, warmupSeconds);
  }

  public ServerOptions withAccessLog(String where) {
    return new ServerOptions(config, port, grpcPort, nodeId, bind, where, warmupSeconds);
  }

  /** The start-up warm-up's bound in seconds (0: none), over the config's {@code server.warmupSeconds}. */
  public ServerOptions withWarmupSeconds(int seconds) {
    if (seconds < 0) {
      throw new IllegalArgumentException("--warmup-seconds must be >= 0, not " + seconds);
    }
    return new ServerOptions(config, port, grpcPort, nodeId, bind, accessLog, OptionalInt.of(seconds));
  }

  /** Parses arguments; a mistake is an {@link IllegalArgumentException} whose message is for the user. */
  public static ServerOptions parse(String... args) {
    ServerOptions o = defaults();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      String name = a;
      String value = null;
      int eq = a.indexOf('=');
      if (a.startsWith("--") && eq > 0) {
        name = a.substring(0, eq);
        value = a.substring(eq + 1);
      }
      switch (name) {
        case "--config" -> o = new ServerOptions(Optional.of(Path.of(value(args, ++i, name, value, eq))),
            o.port, o.grpcPort, o.nodeId, o.bind, o.accessLog, o.warmupSeconds);
        case "--port" -> o = o.withPort(port(value(args, ++i, name, value, eq), name));
        case "--grpc-port" -> o = new ServerOptions(o.config,
            o.port, OptionalInt.of(port(value(args, ++i, name, value, eq), name)), o.nodeId, o.bind, o.accessLog,
            o.warmupSeconds);
        case "--node-id" -> o = new ServerOptions(o.config, o.port, o.grpcPort,
            Optional.of(value(args, ++i, name, value, eq)), o.bind, o.accessLog, o.warmupSeconds);
        case "--bind" -> o = o.withBind(value(args, ++i, name, value, eq));
        case "--access-log" -> o = o.withAccessLog(accessLog(value(args, ++i, name, value, eq)));
        case "--warmup-seconds" -> o = o.withWarmupSeconds(seconds(value(args, ++i, name, value, eq), name));
        case "--no-warmup" -> o = o.withWarmupSeconds(0);
        default -> throw new IllegalArgumentException("unknown option '" + a + "'");
      }
      if (value != null) {
        i--; // the value was part of --name=value, not the next argument
      }
    }
    return o;
  }

  private static String value(String[] args, int i, String name, String inline, int eq) {
    if (inline != null) {
      return inline;
    }
    if (i >= args.length || args[i].startsWith("--")) {
      throw new IllegalArgumentException(name + " needs a value");
    }
    return args[i];
  }

  private static String accessLog(String v) {
    if (v.isBlank()) {
      throw new IllegalArgumentException("--access-log needs '-', 'off' or a file path");
    }
    return v;
  }

  private static int seconds(String v, String name) {
    try {
      return Integer.parseInt(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " needs a number of seconds, not '" + v + "'");
    }
  }

  private static int port(String v, String name) {
    try {
      int p = Integer.parseInt(v);
      if (p >= 0 && p <= 65535) {
        return p;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(name + " must be a port number from 0 to 65535, not '" + v + "'");
  }
}
