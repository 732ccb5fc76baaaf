package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/** /metrics in the Prometheus format, X-Request-Id on every response, and the access log, over real HTTP. */
@ExtendWith(ObservabilityIT.Server.class)
class ObservabilityIT {
  static TestServer server;
  static String base;

  static final class Server implements BeforeAllCallback {
    @Override
    public void beforeAll(ExtensionContext context) {
      server = TestServer.examples(context);
      base = server.base();
    }
  }

  /** Sample lines of the Prometheus text format: {@code name{labels} value}. */
  private static Map<String, Double> scrape() {
    Http.Response r = Http.get(base + "/metrics");
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.header("Content-Type")).startsWith("text/plain").contains("version=0.0.4");
    Map<String, Double> samples = new HashMap<>();
    for (String line : r.text().split("\n")) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      int space = line.lastIndexOf(' ');
      samples.put(line.substring(0, space), Double.parseDouble(line.substring(space + 1)));
    }
    return samples;
  }

  private static double value(Map<String, Double> samples, String key) {
    return samples.getOrDefault(key, 0.0);
  }

  @Test
  void requestsAreCountedAndTimedPerApiCommandSourceAndStatus() {
    String features = "dasgrid_requests_seconds_count{api=\"das\",command=\"features\",source=\"dmel\",status=\"200\"}";
    String unknown = "dasgrid_requests_seconds_count{api=\"das\",command=\"features\",source=\"unknown\",status=\"401\"}";
    Map<String, Double> before = scrape();
    Http.get(base + "/das/dmel/features?segment=2L:1,1000");
    Http.get(base + "/das/dmel/features?segment=2L:1,1000");
    Http.get(base + "/das/no-such-source-" + System.nanoTime() + "/features?segment=2L:1,10");
    Map<String, Double> after = scrape();
    assertThat(value(after, features) - value(before, features)).isGreaterThanOrEqualTo(2);
    // a made-up source id is counted, but never becomes a label value of its own
    assertThat(value(after, unknown) - value(before, unknown)).isGreaterThanOrEqualTo(1);
    assertThat(after.keySet()).noneMatch(k -> k.contains("no-such-source"));
    assertThat(after).containsKey(
        "dasgrid_requests_seconds_bucket{api=\"das\",command=\"features\",source=\"dmel\",status=\"200\",le=\"0.001\"}");
    assertThat(after).containsKey(
        "dasgrid_requests_seconds_bucket{api=\"das\",command=\"features\",source=\"dmel\",status=\"200\",le=\"+Inf\"}");
    assertThat(after.get("dasgrid_requests_seconds_sum{api=\"das\",command=\"features\",source=\"dmel\",status=\"200\"}"))
        .isPositive();
  }

  @Test
  void responseCacheHitsMissesAndBytesAreExported() {
    Map<String, Double> before = scrape();
    String url = base + "/das/dmel/features?segment=2L:3001," + (4000 + System.nanoTime() % 1000);
    Http.get(url);
    Http.get(url);
    Map<String, Double> after = scrape();
    // each request counts once: the features command's look-ahead into the cache is not counted
    assertThat(value(after, "dasgrid_cache_misses_total") - value(before, "dasgrid_cache_misses_total"))
        .isEqualTo(1);
    assertThat(value(after, "dasgrid_cache_hits_total") - value(before, "dasgrid_cache_hits_total"))
        .isEqualTo(1);
    assertThat(after.get("dasgrid_cache_size_bytes")).isPositive();
    assertThat(after).containsKey("dasgrid_cache_evictions_total");
  }

  @Test
  void sourcesSizesStatesAndLoadTimesAreExported() {
    Map<String, Double> m = scrape();
    assertThat(m.get("dasgrid_source_records{source=\"dmel\"}")).isEqualTo(49_981.0);
    assertThat(m.get("dasgrid_source_records{source=\"ce_ws199\"}")).isEqualTo(177.0);
    assertThat(m.get("dasgrid_source_references{source=\"dmel\"}")).isEqualTo(15.0);
    assertThat(m.get("dasgrid_source_input_bytes{source=\"dmel\"}")).isGreaterThan(9_000_000.0);
    assertThat(m.get("dasgrid_source_load_duration_seconds{source=\"dmel\"}")).isPositive();
    assertThat(m.get("dasgrid_source_state{source=\"dmel\",state=\"ready\"}")).isEqualTo(1.0);
    assertThat(m.get("dasgrid_source_state{source=\"dmel\",state=\"loading\"}")).isEqualTo(0.0);
    assertThat(m.get("dasgrid_source_state{source=\"dmel\",state=\"failed\"}")).isEqualTo(0.0);
  }

  @Test
  void jvmMetricsAreExported() {
    Map<String, Double> m = scrape();
    assertThat(m.keySet()).anyMatch(k -> k.startsWith("jvm_memory_used_bytes{"));
    assertThat(m.keySet()).anyMatch(k -> k.startsWith("jvm_threads_live_threads"));
    assertThat(m.keySet()).anyMatch(k -> k.startsWith("jvm_gc_"));
    assertThat(m.keySet()).anyMatch(k -> k.startsWith("process_uptime_seconds"));
    assertThat(m.keySet()).anyMatch(k -> k.startsWith("system_cpu_count"));
  }

  @Test
  void everyResponseCarriesARequestIdAndASaneOneIsEchoed() {
    Http.Response generated = Http.get(base + "/das/dmel/features?segment=2L:1,100");
    assertThat(generated.header("X-Request-Id")).matches("[0-9a-f]{32}");
    assertThat(Http.get(base + "/das/dmel/features?segment=2L:1,100").header("X-Request-Id"))
        .isNotEqualTo(generated.header("X-Request-Id"));
    assertThat(Http.get(base + "/das/dmel/types", "X-Request-Id", "client-42").header("X-Request-Id"))
        .isEqualTo("client-42");
    for (String path : new String[] {"/das/nope/features", "/health/ready", "/api/sources", "/", "/no/such/page",
        "/metrics", "/openapi.json"}) {
      assertThat(Http.get(base + path).header("X-Request-Id")).as(path).isNotBlank();
    }
    // a value that could forge access-log fields is replaced, not echoed
    String forged = Http.get(base + "/das/sources", "X-Request-Id", "a\" 200 \"b").header("X-Request-Id");
    assertThat(forged).matches("[0-9a-f]{32}");
    Http.Response preflight = Http.method("OPTIONS", base + "/das/sources", null,
        "Origin", "http://example.org", "Access-Control-Request-Method", "GET");
    assertThat(preflight.header("X-Request-Id")).isNotBlank();
  }

  @Test
  void accessLogHasOneCombinedFormatLinePerRequestWithItsRequestId() {
    String id = "log-check-" + System.nanoTime();
    Http.get(base + "/das/dmel/entry_points", "X-Request-Id", id, "User-Agent", "DasGridTest/1.0", "Referer",
        "http://example.org/page");
    Pattern combined = Pattern.compile("^127\\.0\\.0\\.1 - - \\[[^\\]]+\\] \"GET /das/dmel/entry_points HTTP/1\\.1\" "
        + "200 (\\d+|-) \"http://example\\.org/page\" \"DasGridTest/1\\.0\" " + Pattern.quote(id) + " (\\d+)$",
        Pattern.MULTILINE);
    // the line is written after the response is complete, so allow it a moment
    Matcher m = combined.matcher(server.console());
    for (int i = 0; i < 50 && !m.find(); i++) {
      sleep(100);
      m = combined.matcher(server.console());
    }
    assertThat(m.find(0)).as("access log line in:\n%s", tail(server.console())).isTrue();
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static String tail(String s) {
    return s.length() < 4000 ? s : s.substring(s.length() - 4000);
  }
}
