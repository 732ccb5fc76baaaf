package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.dasgrid.core.access.Tokens;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The start-up JIT warm-up: {@code /health/ready} says {@code warming} (503) after the sources are loaded and
 * {@code ready} only once the warm-up is over; it renders answers rather than only finding them cached; its
 * requests are in neither the access log nor the metrics, and its answers in no cache of the clients' and no
 * cache counter ({@code /metrics} and {@code /admin/status} as a fresh server's); and {@code --no-warmup} goes from
 * loading straight to ready.
 */
class WarmupIT {
  private static final String ADMIN = "warmup-admin-token";
  @TempDir Path dir;

  @Test
  void readyOnlyAfterTheWarmupWhichLeavesNoTraceInLogsOrMetrics() throws Exception {
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    try (EmbeddedServer server = start(console, "--warmup-seconds", "4")) {
      List<String> states = pollReadiness(server);
      assertThat(states).as("readiness states seen").contains("warming").endsWith("ready");
      assertThat(states.indexOf("warming")).isLessThan(states.lastIndexOf("ready"));
      assertThat(states.subList(states.lastIndexOf("warming") + 1, states.size())).containsOnly("ready");
      String out = console.toString(StandardCharsets.UTF_8);
      Matcher line = WARMED.matcher(out);
      assertThat(line.find()).as(out).isTrue();
      long requests = number(line.group(1));
      assertThat(requests).isPositive();
      // it really renders: about a quarter of its requests are features of a locus never asked before (with a
      // fixed set of loci it would render at most a dozen answers per source, then find them all cached), and
      // the small locus asked again and again comes from the cache
      assertThat(number(line.group(2))).as("rendered of %d", requests).isGreaterThanOrEqualTo(requests / 8);
      assertThat(number(line.group(3))).as("from the cache of %d", requests).isGreaterThanOrEqualTo(requests / 8);
      // the warm-up sent features requests for source ce; no client did
      Thread.sleep(1_500); // the console access log is flushed every second
      assertThat(console.toString(StandardCharsets.UTF_8)).doesNotContain("/das/ce/features")
          .doesNotContain("/api/sources");
      String metrics = Http.get(server.localUrl() + "/metrics").text();
      assertThat(metrics).doesNotContain("command=\"features\"");
      // and no trace in the caches or their counters: the same as a server that did not warm up
      Map<String, String> warmed = cacheMeters(metrics);
      assertThat(warmed).containsKeys("dasgrid_cache_hits_total", "dasgrid_cache_misses_total",
          "dasgrid_cache_size_bytes", "dasgrid_answers_hits_total", "dasgrid_answers_misses_total");
      assertThat(adminCache(server)).isEqualTo("{\"bytes\":0,\"hits\":0,\"misses\":0}");
      try (EmbeddedServer fresh = start(new ByteArrayOutputStream(), "--no-warmup")) {
        pollReadiness(fresh);
        assertThat(warmed).isEqualTo(cacheMeters(Http.get(fresh.localUrl() + "/metrics").text()));
      }
      assertThat(warmed.values()).containsOnly("0.0");
      // and a client's request is counted as before, rendered then cached
      String features = server.localUrl() + "/das/ce/features?segment=I:1,50000";
      assertThat(Http.get(features).status()).isEqualTo(200);
      assertThat(Http.get(features).status()).isEqualTo(200);
      String after = Http.get(server.localUrl() + "/metrics").text();
      assertThat(after).contains("command=\"features\"");
      assertThat(cacheMeters(after)).containsEntry("dasgrid_cache_misses_total", "1.0")
          .containsEntry("dasgrid_cache_hits_total", "1.0");
    }
  }

  /** The console's line: requests, then the DAS answers rendered and served from the warm-up's cache. */
  private static final Pattern WARMED = Pattern.compile(
      "warmed up in [0-9.]+ s \\(([0-9,]+) requests; DAS answers: ([0-9,]+) rendered, ([0-9,]+) from the cache\\)");

  private static long number(String digits) {
    return Long.parseLong(digits.replace(",", ""));
  }

  /** The response cache's and the genotype answer cache's meters ({@code name value}) in a scrape. */
  private static Map<String, String> cacheMeters(String metrics) {
    Map<String, String> meters = new TreeMap<>();
    for (String l : metrics.split("\n")) {
      if (l.startsWith("dasgrid_cache_") || l.startsWith("dasgrid_answers_")) {
        meters.put(l.substring(0, l.lastIndexOf(' ')), l.substring(l.lastIndexOf(' ') + 1));
      }
    }
    return meters;
  }

  /** The {@code cache} object of /admin/status. */
  private static String adminCache(EmbeddedServer server) {
    String status = Http.get(server.localUrl() + "/admin/status", "Authorization", "Bearer " + ADMIN).text();
    return status.replaceAll("(?s).*\"cache\":(\\{[^}]*}).*", "$1");
  }

  @Test
  void noWarmupGoesFromLoadingStraightToReady() throws Exception {
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    try (EmbeddedServer server = start(console, "--no-warmup")) {
      List<String> states = pollReadiness(server);
      assertThat(states).endsWith("ready").doesNotContain("warming");
      assertThat(server.warmedUp()).isDone();
      assertThat(console.toString(StandardCharsets.UTF_8)).doesNotContain("warmed up");
    }
  }

  private EmbeddedServer start(ByteArrayOutputStream console, String... warmup) throws Exception {
    if (!Files.exists(dir.resolve("ce.gff"))) {
      Files.copy(TestServer.example("ce_ws199.gff"), dir.resolve("ce.gff"));
    }
    // a genotype source too: the warm-up asks its variants, count and samples
    if (!Files.exists(dir.resolve("ceu.vcf.gz"))) {
      Files.copy(TestServer.example("ceu_exon.vcf.gz"), dir.resolve("ceu.vcf.gz"));
    }
    Files.writeString(dir.resolve("dasgrid.yaml"), """
        server:
          adminTokens: ["%s"]
        sources:
          - {id: ce, format: gff2, path: ce.gff}
          - {id: ceu, format: vcf, path: ceu.vcf.gz, genotypes: true}
        """.formatted(Tokens.hash(ADMIN)));
    List<String> args = new ArrayList<>(List.of("--config", dir.resolve("dasgrid.yaml").toString(), "--port", "0",
        "--bind", "127.0.0.1"));
    args.addAll(List.of(warmup));
    return EmbeddedServer.start(ServerOptions.parse(args.toArray(String[]::new)),
        new PrintStream(console, true, StandardCharsets.UTF_8));
  }

  /** The distinct readiness states in the order seen, polled until ready (at most two minutes). */
  private static List<String> pollReadiness(EmbeddedServer server) throws InterruptedException {
    List<String> states = new ArrayList<>();
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
    while (System.nanoTime() < deadline) {
      Http.Response r = Http.get(server.localUrl() + "/health/ready");
      String state = r.text().replaceAll("(?s).*\"status\":\"([a-z]+)\".*", "$1");
      assertThat(r.status()).as(state).isEqualTo(state.equals("ready") ? 200 : 503);
      if (states.isEmpty() || !states.get(states.size() - 1).equals(state)) {
        states.add(state);
      }
      if (state.equals("ready")) {
        return states;
      }
      Thread.sleep(50);
    }
    return states;
  }
}
