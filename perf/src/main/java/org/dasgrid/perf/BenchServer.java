package org.dasgrid.perf;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.catalina.Context;
import org.apache.catalina.startup.Tomcat;
import org.dasgrid.core.config.DasGridConfig;
import org.dasgrid.core.config.ServerSettings;
import org.dasgrid.webapp.app.DasGridApp;
import org.dasgrid.webapp.DasGridListener;
import org.dasgrid.webapp.EmbeddedServer;
import org.dasgrid.webapp.ServerOptions;

/**
 * DasGrid for load tests: the normal server at {@code /das}, and in the same Tomcat and JVM
 * <ul>
 *   <li>{@code /static/das/...}: the bytes DasGrid returned for each benchmarked request, captured once at
 *       start and served from memory ({@link StaticServlet}) in a context of its own, without DasGrid's
 *       filters: the HTTP-stack limit our figures are divided by;
 *   <li>{@code /cold/das/...}: a second DasGrid on the same config with its response cache turned off
 *       ({@code cacheBytes: 0}), so every request renders: the cold-cache figures;
 *   <li>{@code /bench/info} and {@code POST /bench/invalidate} ({@link BenchControlServlet}).
 * </ul>
 *
 * <pre>java -cp perf/target/benchmarks.jar org.dasgrid.perf.BenchServer [--port N] [--port-file F]
 *     [--config PATH] [--source dmel] [--ref 2L] [--url PATH]... [--no-cold] [--as-shipped]
 *     [--browser-users N]</pre>
 *
 * <p>{@code --browser-users N} captures the browser sessions of N users for the static baseline (default 16;
 * BrowserSessions at 100 users needs 100: each user views a locus of its own).
 *
 * <p>{@code --as-shipped} keeps the config's per-client rate limit at {@code /das} (the benchmarks otherwise
 * turn it off, all their load coming from one address): the default configuration's request path, every
 * default filter on, against the static servlet in the same Tomcat.
 */
public final class BenchServer implements AutoCloseable {
  public static final String STATIC = "/static";
  public static final String COLD = "/cold";
  private static final Logger TOMCAT_LOG = Logger.getLogger("org.apache");

  private final EmbeddedServer server;
  private final StaticServlet statics;
  private final DasGridApp cold;

  private BenchServer(EmbeddedServer server, StaticServlet statics, DasGridApp cold) {
    this.server = server;
    this.statics = statics;
    this.cold = cold;
  }

  /** What to start: DasGrid's own options plus the benchmark's. */
  public record Options(ServerOptions server, String source, String ref, List<String> extraUrls, boolean withCold,
      Path portFile, boolean asShipped, int browserUsers) {
    public static Options defaults() {
      return new Options(ServerOptions.defaults().withBind("127.0.0.1"), "dmel", "2L", List.of(), true, null,
          false, Workloads.DEFAULT_CAPTURED_USERS);
    }

    public Options withPort(int port) {
      return new Options(server.withPort(port), source, ref, extraUrls, withCold, portFile, asShipped,
          browserUsers);
    }

    static Options parse(String... args) {
      Options o = defaults();
      List<String> rest = new ArrayList<>();
      List<String> urls = new ArrayList<>();
      String source = o.source;
      String ref = o.ref;
      boolean withCold = true;
      Path portFile = null;
      boolean asShipped = false;
      int browserUsers = Workloads.DEFAULT_CAPTURED_USERS;
      for (int i = 0; i < args.length; i++) {
        switch (args[i]) {
          case "--source" -> source = need(args, ++i);
          case "--ref" -> ref = need(args, ++i);
          case "--url" -> urls.add(need(args, ++i));
          case "--no-cold" -> withCold = false;
          case "--port-file" -> portFile = Path.of(need(args, ++i));
          case "--as-shipped" -> asShipped = true;
          case "--browser-users" -> browserUsers = Integer.parseInt(need(args, ++i));
          default -> rest.add(args[i]);
        }
      }
      ServerOptions so = ServerOptions.parse(rest.toArray(String[]::new));
      if (!rest.contains("--bind") && rest.stream().noneMatch(a -> a.startsWith("--bind="))) {
        so = so.withBind("127.0.0.1");
      }
      return new Options(so, source, ref, List.copyOf(urls), withCold, portFile, asShipped, browserUsers);
    }

    private static String need(String[] args, int i) {
      if (i >= args.length) {
        throw new IllegalArgumentException(args[i - 1] + " needs a value");
      }
      return args[i];
    }
  }

  /** Starts, waits for every source (both twins), and captures the static baseline. */
  public static BenchServer start(Options options, PrintStream console) throws IOException {
    StaticServlet statics = new StaticServlet();
    DasGridApp[] coldApp = new DasGridApp[1];
    DasGridConfig loaded = DasGridApp.loadConfig(options.server().config().orElse(null));
    // --as-shipped: /das keeps every default filter, the per-client rate limit included, as a user runs it
    DasGridConfig config = options.asShipped() ? loaded : forBenchmarks(loaded, null);
    EmbeddedServer server = EmbeddedServer.start(options.server(), DasGridApp.start(config, console), console,
        (tomcat, dasGrid, app) -> {
          if (options.withCold()) {
            coldApp[0] = DasGridApp.start(forBenchmarks(loaded, 0L), console);
            addColdTwin(tomcat, coldApp[0]);
          }
          addStaticBaseline(tomcat, statics);
          Tomcat.addServlet(dasGrid, "bench", new BenchControlServlet(app, coldApp[0], statics))
              .addMapping("/bench/*");
        });
    BenchServer bench = new BenchServer(server, statics, coldApp[0]);
    try {
      if (!server.awaitLoaded(10, TimeUnit.MINUTES)
          || coldApp[0] != null && !awaitLoaded(coldApp[0])) {
        throw new IOException("sources did not load in 10 minutes");
      }
      server.warmedUp().join(); // the start-up warm-up (unless --no-warmup) is over before anything is timed
      bench.capture(paths(options), console);
    } catch (IOException | RuntimeException e) {
      bench.close();
      throw e;
    }
    return bench;
  }

  private static boolean awaitLoaded(DasGridApp app) {
    try {
      app.loaded().get(10, TimeUnit.MINUTES);
      return true;
    } catch (java.util.concurrent.ExecutionException e) {
      return true; // failures are recorded per source
    } catch (java.util.concurrent.TimeoutException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /**
   * The config with the per-client rate limit off (every benchmark client is 127.0.0.1, and the static
   * baseline would pay for it too) and, when {@code cacheBytes} is given, that response-cache size (0 for the
   * cold twin); every other setting kept. No cluster: the benchmarks measure one node.
   */
  static DasGridConfig forBenchmarks(DasGridConfig config, Long cacheBytes) {
    // through Jackson, so settings added to ServerSettings later are carried over unchanged
    ObjectMapper json = new ObjectMapper()
        .disable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    @SuppressWarnings("unchecked")
    Map<String, Object> settings = json.convertValue(config.server(), Map.class);
    if (cacheBytes != null) {
      settings.put("cacheBytes", cacheBytes);
    }
    if (settings.get("rateLimit") instanceof Map<?, ?> limit) {
      @SuppressWarnings("unchecked")
      Map<String, Object> l = (Map<String, Object>) limit;
      l.put("enabled", false);
    }
    return new DasGridConfig(json.convertValue(settings, ServerSettings.class), config.sources(), null,
        config.file());
  }

  /**
   * The static baseline in a context of its own, without DasGrid's filters (request ids, metrics, CORS...):
   * what Tomcat alone costs to send the same bytes, the HTTP-stack limit. At {@link #STATIC}.
   */
  public static void addStaticBaseline(Tomcat tomcat, StaticServlet statics) throws IOException {
    Path docBase = Files.createTempDirectory("dasgrid-static");
    docBase.toFile().deleteOnExit();
    Context ctx = tomcat.addContext(STATIC, docBase.toString());
    Tomcat.addServlet(ctx, "static", statics).addMapping("/*");
  }

  private static void addColdTwin(Tomcat tomcat, DasGridApp cold) throws IOException {
    Path docBase = Files.createTempDirectory("dasgrid-cold");
    docBase.toFile().deleteOnExit();
    Context ctx = tomcat.addContext(COLD, docBase.toString());
    ctx.addServletContainerInitializer((classes, sc) -> sc.setAttribute(DasGridApp.ATTRIBUTE, cold), null);
    ctx.addApplicationListener(DasGridListener.class.getName());
  }

  static List<String> paths(Options o) {
    Set<String> paths = new LinkedHashSet<>(Workloads.stress(o.source()).values());
    paths.addAll(Workloads.browserPaths(o.source(), o.ref(), o.browserUsers()));
    paths.addAll(o.extraUrls());
    return List.copyOf(paths);
  }

  private void capture(List<String> paths, PrintStream console) throws IOException {
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(10)).build();
    Map<String, StaticServlet.Captured> captured = new LinkedHashMap<>();
    List<String> failed = new ArrayList<>();
    for (String path : paths) {
      HttpResponse<byte[]> plain = get(http, path, false);
      HttpResponse<byte[]> gzip = get(http, path, true);
      if (plain.statusCode() != 200 || gzip.statusCode() != 200) {
        failed.add(path + " (" + plain.statusCode() + ")");
        continue;
      }
      List<Map.Entry<String, String>> headers = new ArrayList<>();
      plain.headers().map().forEach((name, values) -> {
        String n = name.toLowerCase(Locale.ROOT);
        if (n.startsWith("x-das-") || n.equals("etag") || n.equals("vary")) {
          headers.add(new AbstractMap.SimpleImmutableEntry<>(name, values.get(0)));
        }
      });
      String type = plain.headers().firstValue("Content-Type").orElse("application/octet-stream");
      captured.put(path, new StaticServlet.Captured(plain.body(), gzip.body(), type, List.copyOf(headers)));
    }
    statics.publish(captured);
    console.println("BenchServer: static baseline holds " + captured.size() + " responses"
        + (failed.isEmpty() ? "" : "; not captured (the static baseline will 404 them): " + failed));
  }

  private HttpResponse<byte[]> get(HttpClient http, String path, boolean gzip) throws IOException {
    HttpRequest.Builder req = HttpRequest.newBuilder(URI.create(localUrl() + path)).timeout(Duration.ofMinutes(2));
    if (gzip) {
      req.header("Accept-Encoding", "gzip");
    }
    try {
      return http.send(req.build(), HttpResponse.BodyHandlers.ofByteArray());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }

  public String localUrl() {
    return server.localUrl();
  }

  public int port() {
    return server.port();
  }

  public DasGridApp app() {
    return server.app();
  }

  @Override
  public void close() {
    server.close();
    if (cold != null) {
      cold.close();
    }
  }

  public static void main(String[] args) throws Exception {
    Options options;
    try {
      options = Options.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("BenchServer: " + e.getMessage());
      System.exit(2);
      return;
    }
    TOMCAT_LOG.setLevel(Level.WARNING);
    BenchServer bench = start(options, System.out);
    Runtime.getRuntime().addShutdownHook(new Thread(bench::close, "bench-shutdown"));
    if (options.portFile() != null) {
      Path tmp = Files.createTempFile(options.portFile().toAbsolutePath().getParent(), ".port", ".tmp");
      Files.writeString(tmp, bench.port() + "\n");
      Files.move(tmp, options.portFile(), java.nio.file.StandardCopyOption.REPLACE_EXISTING,
          java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }
    System.out.println("BenchServer ready on " + bench.localUrl() + " (pid " + ProcessHandle.current().pid()
        + "): DasGrid " + bench.localUrl() + "/das, cache off " + bench.localUrl() + COLD + "/das, static "
        + bench.localUrl() + STATIC + "/das");
    Thread.currentThread().join();
  }
}
