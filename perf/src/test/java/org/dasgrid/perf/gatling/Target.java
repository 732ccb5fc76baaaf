package org.dasgrid.perf.gatling;

import static io.gatling.javaapi.http.HttpDsl.http;

import io.gatling.javaapi.http.HttpProtocolBuilder;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.dasgrid.perf.ServerCpu;

/**
 * The server under test and the run's settings, from system properties (so one Maven command points any
 * simulation at any local server):
 * <ul>
 *   <li>{@code baseUrl} server root, default {@code http://127.0.0.1:8080}; loopback only;
 *   <li>{@code source} DAS source (default {@code dmel}), {@code ref} its contig (default {@code 2L});
 *   <li>{@code smoke=true}: a handful of requests per step, for CI;
 *   <li>{@code variants}: which of {@code warm,cold,static} to run (default: all the server offers; a
 *       {@link org.dasgrid.perf.BenchServer} offers all three, any other DasGrid only {@code warm});
 *   <li>{@code serverPid}: the server process for CPU% (default: the process listening on the port).
 * </ul>
 */
final class Target {
  /** Where a request goes: DasGrid, its cache-less twin, or the static bytes (BenchServer prefixes). */
  enum Variant {
    WARM("", "DasGrid"),
    COLD("/cold", "DasGrid, cache off"),
    STATIC("/static", "static bytes");

    final String prefix;
    final String label;

    Variant(String prefix, String label) {
      this.prefix = prefix;
      this.label = label;
    }
  }

  final String base;
  final String source;
  final String ref;
  final boolean smoke;
  final boolean benchServer;
  final List<Variant> variants;
  final Optional<ServerCpu> cpu;
  private final HttpClient client =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();

  private Target() {
    base = stripSlash(System.getProperty("baseUrl", "http://127.0.0.1:8080"));
    URI uri = URI.create(base);
    String host = uri.getHost();
    if (host == null || !(host.startsWith("127.") || host.equals("localhost") || host.equals("[::1]"))) {
      throw new IllegalArgumentException("baseUrl " + base + " is not a loopback address; load tests here "
          + "only target this machine");
    }
    source = System.getProperty("source", "dmel");
    ref = System.getProperty("ref", "2L");
    smoke = Boolean.getBoolean("smoke");
    benchServer = get("/bench/info", false).map(r -> r.statusCode() == 200).orElse(false);
    if (get("/health/live", false).map(r -> r.statusCode() != 200).orElse(true)) {
      throw new IllegalStateException("no DasGrid answering at " + base + "/health/live; start one first "
          + "(perf/README.md)");
    }
    List<Variant> available = benchServer ? List.of(Variant.values()) : List.of(Variant.WARM);
    String wanted = System.getProperty("variants", "");
    if (wanted.isBlank()) {
      variants = available;
    } else {
      List<Variant> v = new ArrayList<>();
      for (String w : wanted.split(",")) {
        Variant x = Variant.valueOf(w.trim().toUpperCase(java.util.Locale.ROOT));
        if (!available.contains(x)) {
          throw new IllegalArgumentException("variant " + w + " needs a BenchServer at " + base);
        }
        v.add(x);
      }
      variants = List.copyOf(v);
    }
    String pid = System.getProperty("serverPid", "");
    cpu = pid.isBlank() ? ServerCpu.listeningOn(port(uri)) : Optional.of(ServerCpu.ofPid(Long.parseLong(pid)));
  }


  /** The target of this JVM's run (system properties are read once per simulation). */
  static Target fromSystemProperties() {
    return new Target();
  }

  private static String stripSlash(String s) {
    return s.endsWith("/") ? s.substring(0, s.length() - 1) : s;
  }

  private static int port(URI uri) {
    return uri.getPort() > 0 ? uri.getPort() : 80;
  }

  boolean has(Variant v) {
    return variants.contains(v);
  }

  /** The protocol every simulation uses: no Gatling warm-up call (it would leave the machine), no client cache. */
  HttpProtocolBuilder protocol() {
    return http.baseUrl(base).disableWarmUp().disableCaching().disableUrlEncoding().userAgentHeader("DasGrid-perf/Gatling");
  }

  /** A property as an int, with a smaller default in smoke mode. */
  int intProp(String name, int full, int smokeDefault) {
    return Integer.getInteger(name, smoke ? smokeDefault : full);
  }

  /** A comma-separated int list property, with a smaller default in smoke mode. */
  List<Integer> intsProp(String name, String full, String smokeDefault) {
    String v = System.getProperty(name, smoke ? smokeDefault : full);
    return Arrays.stream(v.split(",")).map(String::trim).filter(s -> !s.isEmpty()).map(Integer::valueOf).toList();
  }

  /** GET {@code base + path}; empty if the server cannot be reached. */
  Optional<HttpResponse<byte[]>> get(String path, boolean gzip) {
    return send(HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofMinutes(2))
        .header("Accept-Encoding", gzip ? "gzip" : "identity").GET().build());
  }

  /**
   * Sends {@code count} GETs over 4 threads and ignores the answers: warms the server's JIT (DasGrid's path
   * is longer than the static baseline's, so an unwarmed first step would understate it) and its cache.
   */
  void warmUp(String path, boolean gzip, int count) {
    java.util.concurrent.atomic.AtomicInteger left = new java.util.concurrent.atomic.AtomicInteger(count);
    Thread[] threads = new Thread[4];
    for (int t = 0; t < threads.length; t++) {
      threads[t] = new Thread(() -> {
        while (left.getAndDecrement() > 0) {
          get(path, gzip);
        }
      });
      threads[t].start();
    }
    for (Thread t : threads) {
      try {
        t.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /** Bytes on the wire of one response (compressed if gzip), or -1. */
  long size(String path, boolean gzip) {
    return get(path, gzip).filter(r -> r.statusCode() == 200).map(r -> (long) r.body().length).orElse(-1L);
  }

  /** Empties DasGrid's response cache (BenchServer only); false when the server cannot. */
  boolean invalidateCache() {
    if (!benchServer) {
      return false;
    }
    return send(HttpRequest.newBuilder(URI.create(base + "/bench/invalidate"))
        .POST(HttpRequest.BodyPublishers.noBody()).build()).map(r -> r.statusCode() == 204).orElse(false);
  }

  /**
   * DasGrid's response-cache hits and misses so far ({@code GET /bench/info}, BenchServer only), or empty: read
   * before and after a step, they give the step's measured hit ratio.
   */
  Optional<long[]> cacheCounts() {
    if (!benchServer) {
      return Optional.empty();
    }
    return send(HttpRequest.newBuilder(URI.create(base + "/bench/info")).GET().build())
        .filter(r -> r.statusCode() == 200)
        .map(r -> new String(r.body(), java.nio.charset.StandardCharsets.UTF_8))
        .map(body -> java.util.regex.Pattern.compile("\"cache\":\\{\"hits\":(\\d+),\"misses\":(\\d+)").matcher(body))
        .filter(java.util.regex.Matcher::find)
        .map(m -> new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2))});
  }

  long cpuNanos() {
    return cpu.map(c -> c.cpuNanos().orElse(-1)).orElse(-1L);
  }

  private Optional<HttpResponse<byte[]>> send(HttpRequest req) {
    try {
      return Optional.of(client.send(req, HttpResponse.BodyHandlers.ofByteArray()));
    } catch (IOException e) {
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }

  String describe() {
    return base + " (source " + source + ", " + (benchServer ? "BenchServer" : "plain DasGrid") + ", server pid "
        + cpu.map(c -> Long.toString(c.pid())).orElse("unknown") + (smoke ? ", SMOKE run" : "") + ")";
  }
}
