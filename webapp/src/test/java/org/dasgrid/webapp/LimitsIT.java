package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Configured request limits over HTTP: query length (DAS and genotype API), segment span (features and
 * genotypes), and the per-client rate limit.
 */
class LimitsIT {
  @TempDir static Path dir;
  static TestServer server;
  /** A genotype server with small limits and no rate limit, so the limits are all that refuses. */
  static TestServer genotypes;

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

    Files.copy(TestServer.example("ceu_exon.vcf.gz"), dir.resolve("ceu.vcf.gz"));
    Files.writeString(dir.resolve("genotypes.yaml"), """
        server:
          maxQueryLength: 2000
          maxGenotypeSpan: 1000000
          rateLimit: {enabled: false}
        sources:
          - {id: ceu, format: vcf, path: ceu.vcf.gz, genotypes: true}
        """);
    genotypes = TestServer.start(dir.resolve("genotypes.yaml"));
  }

  @AfterAll
  static void stop() {
    server.close();
    genotypes.close();
  }

  static final String FORM = "application/x-www-form-urlencoded";

  static void assertRefused(Http.Response r, String setting) {
    assertThat(r.status()).isEqualTo(400);
    assertThat(r.header("Content-Type")).startsWith("application/json");
    assertThat(r.text()).startsWith("{\"error\":{\"status\":400,").contains(setting);
  }

  @Test
  void genotypeQueriesAreHeldToMaxQueryLengthGetOrPost() {
    String count = genotypes.base() + "/genotypes/ceu/count";
    String region = "segment=1:1105366,1200000";
    // 90 names: 727 characters, within 2000
    String samples = "samples=" + String.join(",", java.util.Collections.nCopies(90, "NA06984"));
    assertThat(Http.get(count + "?" + region + "&" + samples).status()).isEqualTo(200);
    assertThat(Http.method("POST", count + "?" + region, samples, "Content-Type", FORM).status()).isEqualTo(200);

    String tooMany = samples + "," + String.join(",", java.util.Collections.nCopies(200, "NA06985"));
    assertThat(tooMany.length()).isGreaterThan(2000);
    assertRefused(Http.get(count + "?" + region + "&" + tooMany), "server.maxQueryLength");
    assertRefused(Http.method("POST", count, region + "&" + tooMany, "Content-Type", FORM), "server.maxQueryLength");
    // query string and form body count together
    String half = samples + "," + String.join(",", java.util.Collections.nCopies(70, "NA06985"));
    assertThat(half.length()).isBetween(1001, 1999);
    // the query part alone (the longer of the two) is accepted, so only their sum can be refused
    assertThat(Http.get(count + "?" + region + "&" + half).status()).isEqualTo(200);
    assertRefused(Http.method("POST", count + "?" + region + "&" + half, half, "Content-Type", FORM),
        "server.maxQueryLength");
    // a 1 MB body is refused from its Content-Length, without being read
    assertRefused(Http.method("POST", count, region + "&samples=" + "N".repeat(1 << 20), "Content-Type", FORM),
        "server.maxQueryLength");
  }

  @Test
  void genotypeRegionsAreHeldToMaxGenotypeSpan() {
    String variants = genotypes.base() + "/genotypes/ceu/variants";
    Http.Response within = Http.get(variants + "?segment=1:1105366,2105365");
    assertThat(within.status()).isEqualTo(200);
    assertThat(within.text()).contains("\"pos\":1105366");
    Http.Response wide = Http.get(variants + "?segment=1:1105366,2105366");
    assertRefused(wide, "server.maxGenotypeSpan");
    assertThat(wide.text()).contains("at most 1000000 bp");
    assertRefused(Http.get(variants + "?segment=1"), "server.maxGenotypeSpan");
    assertRefused(Http.get(genotypes.base() + "/genotypes/ceu/count?segment=2:1,10&segment=1:1,1000001"),
        "server.maxGenotypeSpan");
    // several segments, each within the span, are fine
    assertThat(Http.get(variants + "?segment=1:1,1000000&segment=1:1000001,2000000").status()).isEqualTo(200);
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
    // a DAS answer like every other DAS error: its headers, the same document (DasErrors)
    assertThat(refused.header("X-DAS-Status")).isEqualTo("429");
    assertThat(refused.header("X-DAS-Version")).isEqualTo("DAS/1.6");
    assertThat(refused.xml().getDocumentElement().getTagName()).isEqualTo("DASERROR");
    assertThat(refused.xml().getDocumentElement().getAttribute("status")).isEqualTo("429");
    assertThat(Http.get(server.base() + "/health/ready").status()).isEqualTo(200);
  }
}
