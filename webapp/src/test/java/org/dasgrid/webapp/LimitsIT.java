package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Configured request limits over HTTP: query length, segment span, and the per-client rate limit. */
class LimitsIT {
  @TempDir static Path dir;
  static TestServer server;

  @BeforeAll
  static void start() throws IOException {
    Files.copy(TestServer.example("dmel-2L.gff3"), dir.resolve("dmel.gff3"));
    Files.writeString(dir.resolve("dasgrid.yaml"), """
        server:
          maxQueryLength: 2000
          maxSegmentSpan: 5000000
          rateLimit: {requestsPerMinute: 60, burst: 8}
        sources:
          - {id: dmel, format: gff3, path: dmel.gff3}
        """);
    server = TestServer.start(dir.resolve("dasgrid.yaml"));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void limitsAreEnforcedAndTheRateLimitIsAnnounced() {
    String das = server.das();
    Http.Response first = Http.get(das + "/dmel/features?segment=2L:2501,2550");
    assertThat(first.status()).isEqualTo(200);
    assertThat(first.header("X-RateLimit-Limit")).isEqualTo("60");
    assertThat(Integer.parseInt(first.header("X-RateLimit-Remaining"))).isBetween(6, 7);
    assertThat(Long.parseLong(first.header("X-RateLimit-Reset"))).isPositive();

    Http.Response wide = Http.get(das + "/dmel/features?segment=2L");
    assertThat(wide.status()).isEqualTo(402);
    assertThat(wide.text()).contains("at most 5000000 bp per segment (server.maxSegmentSpan)").contains("maxbins");
    assertThat(Http.get(das + "/dmel/features?segment=2L;maxbins=100").status()).isEqualTo(200);

    String longQuery = "segment=2L:1,10;".repeat(150);
    Http.Response tooLong = Http.get(das + "/dmel/features?" + longQuery);
    assertThat(tooLong.status()).isEqualTo(402);
    assertThat(tooLong.text()).contains("server.maxQueryLength");
    Http.Response longPost = Http.method("POST", das + "/dmel/features", longQuery,
        "Content-Type", "application/x-www-form-urlencoded");
    assertThat(longPost.status()).isEqualTo(402);

    Http.Response refused = null;
    for (int i = 0; i < 10 && refused == null; i++) {
      Http.Response r = Http.get(das + "/dmel/types");
      if (r.status() == 429) {
        refused = r;
      }
    }
    assertThat(refused).as("the 9th request within a second is over a burst of 8").isNotNull();
    assertThat(Long.parseLong(refused.header("Retry-After"))).isBetween(1L, 2L);
    assertThat(refused.header("X-RateLimit-Remaining")).isEqualTo("0");
    assertThat(refused.header("Access-Control-Allow-Origin")).isEqualTo("*");
    assertThat(refused.xml().getDocumentElement().getTextContent()).contains("rate limit of 60 requests per minute");
    assertThat(Http.get(server.base() + "/health/ready").status()).isEqualTo(200);
  }
}
