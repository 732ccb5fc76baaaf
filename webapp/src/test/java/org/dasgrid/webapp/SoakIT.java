package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.management.UnixOperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A bounded soak: many concurrent clients over every kind of endpoint for a fixed time, on loopback. No
 * request may fail (every status is the expected one), the heap after a full collection must not grow, and
 * open file descriptors must come back to where they were. CI runs a short form; the long form is
 * {@code ./mvnw -B verify -pl webapp -am -Dit.test=SoakIT -Dsoak.seconds=300 -Dsoak.clients=100}.
 */
@ExtendWith(SoakIT.Server.class)
class SoakIT {
  static TestServer server;

  static final class Server implements BeforeAllCallback {
    @Override
    public void beforeAll(ExtensionContext context) {
      server = TestServer.examples(context);
    }
  }

  /** One kind of request and the status it must get. */
  record Probe(String path, int status, String acceptEncoding) {}

  static List<Probe> probes() {
    return List.of(
        new Probe("/das/sources", 200, null),
        new Probe("/das/dsn", 200, null),
        new Probe("/das/dmel/entry_points", 200, null),
        new Probe("/das/dmel/types?segment=2L:1,27772", 200, null),
        new Probe("/das/dmel/features?segment=2L:2501,2550", 200, null),
        new Probe("/das/dmel/features?segment=2L:1,27772", 200, "gzip"),
        new Probe("/das/dmel/features?segment=2L:1,27772;format=json", 200, null),
        new Probe("/das/dmel/features?segment=2L:%d,%d", 200, "gzip"),
        new Probe("/das/dmel/features?feature_id=FBgn0031208", 200, null),
        new Probe("/das/ce_ws199/sequence?segment=I:1,100", 200, null),
        new Probe("/das/dmel/stylesheet", 200, null),
        new Probe("/das/dmel/features?segment=2L:x,y", 402, null),
        new Probe("/das/nope/features?segment=2L:1,10", 401, null),
        new Probe("/health/ready", 200, null));
  }

  @Test
  void manyClientsForAWhileFailNothingAndLeakNothing() throws Exception {
    int seconds = Integer.getInteger("soak.seconds", 20);
    int clients = Integer.getInteger("soak.clients", 50);
    String base = server.base();
    warmUp(base);
    var cache = server.server().app().cache();
    long heapBefore = heapAfterGc() - cache.weightedSize();
    long fdsBefore = openFiles();

    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    AtomicLong requests = new AtomicLong();
    Map<String, Long> failures = new ConcurrentHashMap<>();
    ExecutorService pool = Executors.newFixedThreadPool(clients);
    List<Future<?>> running = new ArrayList<>();
    List<Probe> probes = probes();
    for (int c = 0; c < clients; c++) {
      long seed = c;
      running.add(pool.submit(() -> {
        Random rnd = new Random(seed);
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        while (System.nanoTime() < deadline) {
          Probe p = probes.get(rnd.nextInt(probes.size()));
          int from = 1 + rnd.nextInt(4_000_000);
          String path = p.path().contains("%d") ? String.format(p.path(), from, from + rnd.nextInt(50_000)) : p.path();
          HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30));
          if (p.acceptEncoding() != null) {
            b.header("Accept-Encoding", p.acceptEncoding());
          }
          try {
            HttpResponse<byte[]> r = http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
            if (r.statusCode() != p.status()) {
              failures.merge(p.path() + " -> " + r.statusCode(), 1L, Long::sum);
            }
          } catch (Exception e) {
            failures.merge(p.path() + " -> " + e.getClass().getSimpleName(), 1L, Long::sum);
          }
          requests.incrementAndGet();
        }
        return null;
      }));
    }
    for (Future<?> f : running) {
      f.get(seconds + 120L, TimeUnit.SECONDS);
    }
    pool.shutdown();
    // idle keep-alive connections of the test's clients close after jdk.httpclient.keepalive.timeout
    Thread.sleep(Long.getLong("jdk.httpclient.keepalive.timeout", 3) * 1000 + 2000);
    long heapAfter = heapAfterGc() - cache.weightedSize();
    long fdsAfter = openFiles();
    System.out.printf("soak: %d s, %d clients, %,d requests (%.0f/s), heap after GC without the response cache "
            + "%,d -> %,d KB (cache %,d KB), fds %d -> %d%n",
        seconds, clients, requests.get(), requests.get() / (double) seconds, heapBefore >> 10, heapAfter >> 10,
        cache.weightedSize() >> 10, fdsBefore, fdsAfter);
    assertThat(failures).as("failed requests").isEmpty();
    assertThat(requests.get()).isGreaterThan(seconds * 10L);
    // the response cache fills up to its bound by design; apart from it the heap must not grow
    assertThat(heapAfter).isLessThan(heapBefore + (32L << 20));
    assertThat(fdsAfter).isLessThanOrEqualTo(fdsBefore + 10);
  }

  private static void warmUp(String base) {
    for (Probe p : probes()) {
      Http.get(base + (p.path().contains("%d") ? String.format(p.path(), 1, 1000) : p.path()));
    }
  }

  private static long heapAfterGc() throws InterruptedException {
    for (int i = 0; i < 3; i++) {
      System.gc();
      Thread.sleep(200);
    }
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  private static long openFiles() {
    return ((UnixOperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getOpenFileDescriptorCount();
  }
}
