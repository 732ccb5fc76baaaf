package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.management.UnixOperatingSystemMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bounded soak: many concurrent clients over every kind of endpoint (DAS XML and JSON, genotype JSON and
 * NDJSON, the status API, metrics, OpenAPI, health, the home page) for a fixed time, on loopback, against the
 * bundled example sources with the per-client rate limit off (as benchmarks run), so every refusal is a
 * failure. No request may fail (every status is the expected one), the live heap after a full collection
 * (without the response cache, bounded by design) must not grow from the end of the ramp-up (the first fifth,
 * while Tomcat's pool and its buffers grow to the clients' number) to the end, and open file descriptors must
 * come back to where they were. CI runs a short form (20 s, 50 clients);
 * the long form is
 *
 * <pre>
 * ./mvnw -B verify -pl webapp -am -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Dit.test=SoakIT -Dfailsafe.failIfNoSpecifiedTests=false -Dsoak.seconds=300 -Dsoak.clients=100
 * </pre>
 *
 * and its report is the {@code soak:} line in
 * {@code webapp/target/failsafe-reports/org.dasgrid.webapp.SoakIT-output.txt}.
 */
class SoakIT {
  @TempDir static Path dir;
  static TestServer server;

  /** The bundled examples' config, with absolute data paths and the rate limit turned off. */
  @BeforeAll
  static void start() throws IOException {
    Path examples = TestServer.example("x").getParent().getParent();
    String config = Files.readString(examples.resolve("dasgrid.yaml"))
        .replace("path: data/", "path: " + examples.resolve("data") + "/")
        .replace("sequence: data/", "sequence: " + examples.resolve("data") + "/")
        .replace("samples: data/", "samples: " + examples.resolve("data") + "/")
        .replace("server:\n", "server:\n  rateLimit: {enabled: false}\n");
    assertThat(config).contains("rateLimit: {enabled: false}").doesNotContain(" data/");
    Files.writeString(dir.resolve("dasgrid.yaml"), config);
    // the access log to a file, as in production: in the console (memory) it would grow the heap by a line per
    // request, as the first long runs found
    server = TestServer.start(dir.resolve("dasgrid.yaml"), dir.resolve("access.log").toString());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  /**
   * One kind of request and the status it must get: a path ({@code %d,%d} is filled with a random region),
   * header name/value pairs, and a form body to POST (null for GET).
   */
  record Probe(String path, int status, String body, String... headers) {
    static Probe get(String path, int status, String... headers) {
      return new Probe(path, status, null, headers);
    }
  }

  static final String NDJSON = "application/x-ndjson";

  static List<Probe> probes() {
    return List.of(
        // DAS XML
        Probe.get("/das", 200),
        Probe.get("/das/sources", 200),
        Probe.get("/das/dsn", 200),
        Probe.get("/das/dmel", 200),
        Probe.get("/das/dmel/entry_points", 200),
        Probe.get("/das/dmel/types?segment=2L:1,27772", 200),
        Probe.get("/das/dmel/features?segment=2L:2501,2550", 200),
        Probe.get("/das/dmel/features?segment=2L:1,27772", 200, "Accept-Encoding", "gzip"),
        Probe.get("/das/dmel/features?segment=2L:%d,%d", 200, "Accept-Encoding", "gzip"),
        Probe.get("/das/dmel/features?segment=2L:%d,%d;maxbins=200", 200),
        Probe.get("/das/dmel/features?feature_id=FBgn0031208", 200),
        new Probe("/das/dmel/features", 200, "segment=2L:1,5000;segment=2L:20000,30000",
            "Content-Type", "application/x-www-form-urlencoded"),
        Probe.get("/das/ce_ws199/sequence?segment=I:1,100", 200),
        Probe.get("/das/ce_ws199/features?segment=I", 200),
        Probe.get("/das/ceu/features?segment=1:1,2000000", 200),
        Probe.get("/das/dmel/stylesheet", 200),
        Probe.get("/das/dmel/types", 304, "If-None-Match", "*"),
        Probe.get("/das/dmel/features?segment=2L:x,y", 402),
        Probe.get("/das/nope/features?segment=2L:1,10", 401),
        // DAS JSON
        Probe.get("/das/sources?format=json", 200),
        Probe.get("/das/dmel/types?format=json", 200),
        Probe.get("/das/dmel/features?segment=2L:1,27772;format=json", 200),
        Probe.get("/das/dmel/features?segment=2L:%d,%d;format=json", 200, "Accept-Encoding", "gzip"),
        // genotypes, JSON and NDJSON
        Probe.get("/genotypes/ceu/variants?segment=1:1105366,1200000&zygosity=het", 200),
        Probe.get("/genotypes/ceu/variants?segment=1&segment=2&segment=17", 200, "Accept", NDJSON),
        Probe.get("/genotypes/ceu/variants?segment=%d,%d&zygosity=hom&limit=50", 200),
        Probe.get("/genotypes/ceu/variants?segment=7&samples=NA06984,NA06985,NA06986", 200, "Accept", NDJSON,
            "Accept-Encoding", "gzip"),
        Probe.get("/genotypes/ceu/samples?segment=1&zygosity=hom", 200),
        Probe.get("/genotypes/ceu/samples?segment=2&segment=3", 200, "Accept", NDJSON),
        Probe.get("/genotypes/ceu/count?segment=17", 200),
        Probe.get("/genotypes/ceu/count?segment=%d,%d&zygosity=het", 200, "Accept", NDJSON),
        new Probe("/genotypes/ceu/count", 200, "segment=1&samples=NA06984,NA06989,NA06994",
            "Content-Type", "application/x-www-form-urlencoded"),
        Probe.get("/genotypes/ceu/variants?segment=1:x", 400),
        Probe.get("/genotypes/dmel/count?segment=2L", 404),
        // status API, metrics, OpenAPI, health, the home page
        Probe.get("/api/sources", 200),
        Probe.get("/api/sources/dmel", 200),
        Probe.get("/api/sources/dmel/chrom.sizes", 200),
        Probe.get("/api/sources/dmel/search?q=CG11023", 200),
        Probe.get("/api/sources/nope", 404),
        Probe.get("/metrics", 200),
        Probe.get("/openapi.json", 200),
        Probe.get("/health/live", 200),
        Probe.get("/health/ready", 200),
        Probe.get("/", 200),
        Probe.get("/app.js", 200, "Accept-Encoding", "gzip"),
        Probe.get("/no-such-page", 404));
  }

  /** The probe's path with any {@code %d,%d} filled: a dmel region, or for genotypes a chromosome and range. */
  static String path(Probe p, Random rnd) {
    if (!p.path().contains("%d")) {
      return p.path();
    }
    if (p.path().startsWith("/genotypes")) {
      int from = 1 + rnd.nextInt(100_000_000);
      return String.format(p.path().replace("segment=%d,%d", "segment=" + (1 + rnd.nextInt(22)) + ":%d,%d"),
          from, from + rnd.nextInt(5_000_000));
    }
    int from = 1 + rnd.nextInt(4_000_000);
    return String.format(p.path(), from, from + rnd.nextInt(50_000));
  }

  static HttpRequest request(String base, Probe p, Random rnd) {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path(p, rnd))).timeout(Duration.ofSeconds(30));
    for (int i = 0; i + 1 < p.headers().length; i += 2) {
      b.header(p.headers()[i], p.headers()[i + 1]);
    }
    return (p.body() == null ? b.GET() : b.POST(HttpRequest.BodyPublishers.ofString(p.body()))).build();
  }

  @Test
  void manyClientsForAWhileFailNothingAndLeakNothing() throws Exception {
    int seconds = Integer.getInteger("soak.seconds", 20);
    int clients = Integer.getInteger("soak.clients", 50);
    // the first fifth is ramp-up: Tomcat's pool grows to the clients' number, its per-thread buffers and the
    // response cache fill; the heap at its end is the baseline the rest of the run must not grow from
    int rampSeconds = Math.max(2, seconds / 5);
    String base = server.base();
    List<Probe> probes = probes();
    warmUp(base, probes);
    var cache = server.server().app().cache();
    long heapStart = liveHeap(liveHeapByClass()) - cache.weightedSize();
    long fdsStart = openFiles();

    AtomicLong deadline = new AtomicLong(System.nanoTime() + TimeUnit.SECONDS.toNanos(rampSeconds));
    // clients park here at the end of each phase, while the heap is measured, and are released after it
    CyclicBarrier parked = new CyclicBarrier(clients + 1);
    AtomicLong requests = new AtomicLong();
    Map<String, Long> failures = new ConcurrentHashMap<>();
    ExecutorService pool = Executors.newFixedThreadPool(clients);
    List<Future<?>> running = new ArrayList<>();
    long loadStarted = System.nanoTime();
    for (int c = 0; c < clients; c++) {
      long seed = c;
      running.add(pool.submit(() -> {
        Random rnd = new Random(seed);
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        for (int phase = 0; phase < 2; phase++) {
          while (System.nanoTime() < deadline.get()) {
            Probe p = probes.get(rnd.nextInt(probes.size()));
            try {
              HttpResponse<byte[]> r = http.send(request(base, p, rnd), HttpResponse.BodyHandlers.ofByteArray());
              if (r.statusCode() != p.status()) {
                failures.merge(p.path() + " -> " + r.statusCode(), 1L, Long::sum);
              }
            } catch (Exception e) {
              failures.merge(p.path() + " -> " + e.getClass().getSimpleName(), 1L, Long::sum);
            }
            requests.incrementAndGet();
          }
          parked.await();
          parked.await();
        }
        return null;
      }));
    }
    long bound = seconds + 120L;
    parked.await(bound, TimeUnit.SECONDS);
    long loadNanos = System.nanoTime() - loadStarted;
    Map<String, Long> classesRamped = liveHeapByClass();
    long heapRamped = liveHeap(classesRamped) - cache.weightedSize();
    deadline.set(System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds - rampSeconds));
    long soakStarted = System.nanoTime();
    parked.await(bound, TimeUnit.SECONDS);
    parked.await(bound, TimeUnit.SECONDS);
    loadNanos += System.nanoTime() - soakStarted;
    Map<String, Long> classesEnd = liveHeapByClass();
    long heapEnd = liveHeap(classesEnd) - cache.weightedSize();
    parked.await(bound, TimeUnit.SECONDS);
    for (Future<?> f : running) {
      f.get(bound, TimeUnit.SECONDS);
    }
    pool.shutdown();
    // idle keep-alive connections of the test's clients close after jdk.httpclient.keepalive.timeout
    Thread.sleep(Long.getLong("jdk.httpclient.keepalive.timeout", 3) * 1000 + 2000);
    long fdsEnd = openFilesOnceSettled(fdsStart + 10);
    System.out.printf("soak: %d s (%d s ramp-up), %d clients, %d probes, %,d requests (%.0f/s), %,d failed, "
            + "live heap after a full GC without the response cache %,d KB at start, %,d KB after ramp-up, "
            + "%,d KB at end (cache %,d KB), fds %d -> %d%n",
        seconds, rampSeconds, clients, probes.size(), requests.get(), requests.get() / (loadNanos / 1e9),
        failures.values().stream().mapToLong(Long::longValue).sum(), heapStart >> 10, heapRamped >> 10,
        heapEnd >> 10, cache.weightedSize() >> 10, fdsStart, fdsEnd);
    System.out.println("soak: live heap by class from ramp-up to end, largest growth first: "
        + growth(classesRamped, classesEnd));
    assertThat(failures).as("failed requests").isEmpty();
    assertThat(requests.get()).isGreaterThan(seconds * 10L);
    // apart from the response cache (bounded by design), the heap must not grow once the clients are all in
    assertThat(heapEnd).isLessThan(heapRamped + (32L << 20));
    assertThat(fdsEnd).isLessThanOrEqualTo(fdsStart + 10);
  }

  /** Every probe once, each checked, so a wrong expectation shows before the clients start. */
  private static void warmUp(String base, List<Probe> probes) throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    Random rnd = new Random(-1);
    for (Probe p : probes) {
      HttpResponse<byte[]> r = http.send(request(base, p, rnd), HttpResponse.BodyHandlers.ofByteArray());
      assertThat(r.statusCode()).as(p.path()).isEqualTo(p.status());
    }
  }

  /** Live bytes per class, from the JVM's class histogram (taken after a full collection). */
  private static Map<String, Long> liveHeapByClass() throws Exception {
    String histogram = (String) ManagementFactory.getPlatformMBeanServer().invoke(
        new javax.management.ObjectName("com.sun.management:type=DiagnosticCommand"), "gcClassHistogram",
        new Object[] {new String[0]}, new String[] {String[].class.getName()});
    Map<String, Long> bytes = new java.util.HashMap<>();
    for (String line : histogram.split("\n")) {
      String[] f = line.trim().split("\\s+");
      if (f.length >= 4 && f[0].endsWith(":")) {
        bytes.put(f[3], Long.parseLong(f[2]));
      }
    }
    return bytes;
  }

  private static String growth(Map<String, Long> before, Map<String, Long> after) {
    return after.entrySet().stream()
        .map(e -> Map.entry(e.getKey(), e.getValue() - before.getOrDefault(e.getKey(), 0L)))
        .sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(12)
        .map(e -> e.getKey() + " " + (e.getValue() >> 10) + " KB").toList().toString();
  }

  private static long liveHeap(Map<String, Long> byClass) {
    return byClass.values().stream().mapToLong(Long::longValue).sum();
  }

  /**
   * Open files once the test's own clients are gone: each finished client's HttpClient keeps its selector (two
   * descriptors) until it is collected and its selector thread notices, a few seconds later; so wait up to
   * 30 s for the count to come down to {@code target}, and return the last count.
   */
  private static long openFilesOnceSettled(long target) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    long fds = openFiles();
    while (fds > target && System.nanoTime() < deadline) {
      System.gc();
      Thread.sleep(500);
      fds = openFiles();
    }
    return fds;
  }

  private static long openFiles() {
    return ((UnixOperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getOpenFileDescriptorCount();
  }
}
