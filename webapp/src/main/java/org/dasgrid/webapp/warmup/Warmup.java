package org.dasgrid.webapp.warmup;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import org.dasgrid.webapp.app.WarmupState;
import org.dasgrid.webapp.observe.Observability;

/**
 * JIT warm-up at start: a fresh JVM answers its first ~10,000 small requests about 3× slower than its steady
 * state (interpreted and C1 code on Tomcat's, the filters' and the writers' paths), so before {@code
 * /health/ready} says ready, the server sends itself requests on loopback through its own connector — DAS
 * features (XML, JSON, gzip; one small locus asked again and again, so answered from the cache, and a new locus
 * for every other features request, so each is rendered), types, entry points, sequence, stylesheet, and genotype
 * variants/count/samples where a source has genotypes — for a bounded time.
 *
 * <p>Warm-up requests carry a per-process random secret in {@value #HEADER}; {@link WarmupFilter} marks them
 * so the access log, the request metrics and the rate limiter leave them out (a client cannot forge the mark:
 * it does not know the secret), and the servlets keep their answers in the warm-up's own caches ({@link
 * WarmupState}), emptied when it ends: it leaves no trace. Off with {@code --no-warmup} or {@code
 * server.warmupSeconds: 0}.
 */
public final class Warmup {
  static final String HEADER = "X-DasGrid-Warmup";
  /** The request attribute {@link WarmupFilter} sets, and the access log's {@code conditionUnless}. */
  static final String ATTRIBUTE = Observability.WARMUP_ATTRIBUTE;
  /** Enough to compile the request paths (the slow phase ends after ~10-15,000 requests). */
  static final int MAX_REQUESTS = 30_000;
  /**
   * Concurrent warm-up clients: more than the cores, so the server stays busy while each client waits for its
   * answer (on a loaded machine a round trip is mostly waiting for a time slice).
   */
  private static final int CLIENTS = 8;

  private Warmup() {}

  /**
   * Waits for the sources ({@code loaded}), warms for at most {@code seconds}, then ends the state; on a daemon
   * thread.
   */
  public static void startAfterLoad(CompletableFuture<Void> loaded, WarmupState state, String base, int seconds,
      PrintStream console) {
    Thread t = new Thread(() -> {
      try {
        loaded.exceptionally(e -> null).join();
        long start = System.nanoTime();
        long n = run(state, base, Duration.ofSeconds(seconds));
        // the warm-up's own DAS cache counts what it rendered (misses) and what it served kept (hits)
        var cache = state.cache().stats();
        console.printf("warmed up in %.1f s (%,d requests; DAS answers: %,d rendered, %,d from the cache)%n",
            (System.nanoTime() - start) / 1e9, n, cache.missCount(), cache.hitCount());
      } catch (RuntimeException e) {
        console.println("warm-up stopped: " + e.getMessage());
      } finally {
        state.end();
      }
    }, "dasgrid-warmup");
    t.setDaemon(true);
    t.start();
  }

  /**
   * Sends the warm-up requests until {@code budget} has passed or {@link #MAX_REQUESTS} were sent. The budget is
   * a hard bound: it returns at the deadline even if a request is still in flight (its client thread stops after
   * it).
   */
  static long run(WarmupState state, String base, Duration budget) {
    long deadline = System.nanoTime() + budget.toNanos();
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(5)).build();
    List<RequestPath> paths = paths(http, state, base);
    if (paths.isEmpty()) {
      return 0;
    }
    AtomicLong sent = new AtomicLong();
    List<Thread> clients = new ArrayList<>();
    for (int c = 0; c < CLIENTS; c++) {
      int offset = c;
      Thread t = new Thread(() -> {
        for (int i = offset; System.nanoTime() < deadline; i += CLIENTS) {
          long n = sent.incrementAndGet();
          if (n > MAX_REQUESTS) {
            return;
          }
          boolean gzip = i % 3 == 0;
          if (!send(http, state, base + paths.get(i % paths.size()).of(n), gzip)) {
            return;
          }
        }
      }, "dasgrid-warmup-" + c);
      t.setDaemon(true);
      t.start();
      clients.add(t);
    }
    for (Thread t : clients) {
      try {
        long left = (deadline - System.nanoTime()) / 1_000_000;
        if (left > 0) {
          t.join(left);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    return Math.min(sent.get(), MAX_REQUESTS);
  }

  /** A request's path, given its number: a number no other request of the warm-up has. */
  @FunctionalInterface
  interface RequestPath {
    String of(long n);
  }

  /** A path every time the same (its answer is cached after the first time). */
  private static RequestPath same(String path) {
    return n -> path;
  }

  /**
   * Features of a locus no request asked before, starting within the source's default locus {@code [start, start +
   * span)}: starts move one base per request and widths grow by one base per pass over the span, so none repeats
   * and each is rendered, not found in a cache (a 10 kb locus: 50 to 52 bases wide).
   */
  static RequestPath rendered(String das, String ref, int start, int span) {
    return n -> {
      long shift = n % span;
      long width = 49 + n / span;
      return das + "/features?segment=" + enc(ref + ":" + (start + shift) + "," + (start + shift + width));
    };
  }

  /** The paths to cycle through, from what {@code /api/sources} says each ready source serves. */
  private static List<RequestPath> paths(HttpClient http, WarmupState state, String base) {
    JsonNode sources;
    try {
      HttpResponse<byte[]> r = http.send(request(state, base + "/api/sources", false),
          HttpResponse.BodyHandlers.ofByteArray());
      sources = new ObjectMapper().readTree(r.body()).path("sources");
    } catch (IOException e) {
      return List.of();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return List.of();
    }
    List<RequestPath> paths = new ArrayList<>();
    for (JsonNode s : sources) {
      String locus = s.path("defaultLocus").asText("");
      if (!"ready".equals(s.path("state").asText()) || !locus.matches("[^:]+:\\d+-\\d+")) {
        continue;
      }
      String id = s.path("id").asText();
      String ref = locus.substring(0, locus.lastIndexOf(':'));
      int start = Integer.parseInt(locus.substring(locus.lastIndexOf(':') + 1, locus.lastIndexOf('-')));
      int end = Integer.parseInt(locus.substring(locus.lastIndexOf('-') + 1));
      int stop = Math.min(start + 49, end);
      String das = "/das/" + enc(id);
      String small = enc(ref + ":" + start + "," + stop);
      for (int k = 0; k < 6; k++) {
        paths.add(same(das + "/features?segment=" + small)); // the cached answer: most of a browser's requests
        paths.add(same(das + "/features?segment=" + small + "&format=json"));
      }
      for (int k = 0; k < 6; k++) {
        paths.add(rendered(das, ref, start, Math.max(1, end - start + 1)));
      }
      paths.add(same(das + "/types"));
      paths.add(same(das + "/entry_points"));
      paths.add(same(das + "/stylesheet"));
      if (s.path("sequence").asBoolean()) {
        paths.add(same(das + "/sequence?segment=" + enc(ref + ":" + start + "," + (start + 9))));
      }
      if (s.path("genotypes").asBoolean()) {
        String g = "/genotypes/" + enc(id);
        String seg = enc(ref + ":" + start + "," + (start + 1_000_000));
        paths.add(same(g + "/variants?segment=" + seg + "&limit=10"));
        paths.add(same(g + "/variants?segment=" + seg + "&zygosity=het&limit=10"));
        paths.add(same(g + "/count?segment=" + seg + "&zygosity=any"));
        paths.add(same(g + "/samples?segment=" + seg + "&zygosity=hom&limit=10"));
      }
    }
    return paths;
  }

  private static boolean send(HttpClient http, WarmupState state, String url, boolean gzip) {
    try {
      http.send(request(state, url, gzip), HttpResponse.BodyHandlers.discarding());
      return true;
    } catch (IOException e) {
      return false; // the server is stopping: nothing left to warm
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private static HttpRequest request(WarmupState state, String url, boolean gzip) {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30))
        .header(HEADER, state.secret());
    if (gzip) {
      b.header("Accept-Encoding", "gzip");
    }
    return b.GET().build();
  }

  private static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }
}
