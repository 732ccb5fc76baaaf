package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.dasgrid.core.access.Tokens;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Token-protected sources are invisible and unreadable without their token, indistinguishable from unknown
 * ones on every endpoint (answers, headers, health, metrics); the admin endpoints always need an admin token;
 * CORS stays open for public sources only.
 */
class AccessControlIT {
  static final String TOKEN = "s3cret-reader-token";
  static final String ADMIN = "admin-token-42";
  /** The protected source's id, and an id that does not exist: the same length, so answers can be compared. */
  static final String SECRET = "vault7";
  static final String NOSUCH = "nosuch";
  static final String SECRET_TITLE = "Vault seven title";
  @TempDir static Path dir;
  static TestServer server;

  @BeforeAll
  static void start() throws IOException {
    Files.copy(TestServer.example("ce_ws199.gff"), dir.resolve("ce.gff"));
    Files.copy(TestServer.example("ce_ws199.gff"), dir.resolve("secret.gff"));
    Files.copy(TestServer.example("ceu_exon.vcf.gz"), dir.resolve("secret.vcf.gz"));
    Files.writeString(dir.resolve("dasgrid.yaml"), """
        server:
          adminTokens: ["%1$s"]
        sources:
          - {id: open, format: gff2, path: ce.gff}
          - {id: %3$s, title: %4$s, format: gff2, path: secret.gff, access: token, tokens: ["%2$s"]}
          - {id: %3$sg, title: %4$s, format: vcf, path: secret.vcf.gz, genotypes: true, access: token,
             tokens: ["%2$s"]}
        """.formatted(Tokens.hash(ADMIN), Tokens.hash(TOKEN), SECRET, SECRET_TITLE));
    server = TestServer.start(dir.resolve("dasgrid.yaml"));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static String auth(String token) {
    return "Bearer " + token;
  }

  @Test
  void protectedSourcesAreInvisibleWithoutTheirToken() {
    String das = server.das();
    assertThat(Http.get(das + "/sources").text()).contains("uri=\"open\"").doesNotContain(SECRET);
    assertThat(Http.get(das + "/dsn").text()).doesNotContain(SECRET);
    assertThat(Http.get(das + "/sources", "Authorization", auth(TOKEN)).text()).contains("uri=\"" + SECRET + "\"");

    Http.Response unknown = Http.get(das + "/" + NOSUCH + "/features?segment=I:1,100");
    for (Http.Response r : new Http.Response[] {
        Http.get(das + "/" + SECRET + "/features?segment=I:1,100"),
        Http.get(das + "/" + SECRET + "/features?segment=I:1,100", "Authorization", auth("wrong")),
        Http.get(das + "/" + SECRET + "/features?segment=I:1,100", "Authorization", "Basic " + TOKEN)}) {
      assertThat(r.status()).isEqualTo(unknown.status()).isEqualTo(401);
      assertThat(r.text().replace(SECRET, NOSUCH)).isEqualTo(unknown.text());
    }
    Http.Response ok = Http.get(das + "/" + SECRET + "/features?segment=I:12759582,12764949",
        "Authorization", auth(TOKEN));
    assertThat(ok.status()).isEqualTo(200);
    assertThat(ok.xml().getElementsByTagName("FEATURE").getLength()).isGreaterThan(10);
  }

  /** One request naming a source: method, path with {@code {id}} for the source, headers, body. */
  record Probe(String method, String path, String body, String... headers) {
    Http.Response send(String id, String... moreHeaders) {
      String[] all = Stream.concat(Stream.of(headers), Stream.of(moreHeaders)).toArray(String[]::new);
      return Http.method(method, server.base() + path.replace("{id}", id), body, all);
    }

    @Override
    public String toString() {
      return method + " " + path;
    }
  }

  static List<Probe> sourceProbes() {
    String form = "application/x-www-form-urlencoded";
    return List.of(
        new Probe("GET", "/das/{id}", null),
        new Probe("GET", "/das/{id}/", null),
        new Probe("GET", "/das/{id}/sources", null),
        new Probe("GET", "/das/{id}/entry_points", null),
        new Probe("GET", "/das/{id}/types", null),
        new Probe("GET", "/das/{id}/types?format=json", null),
        new Probe("GET", "/das/{id}/features?segment=I:1,100", null),
        new Probe("GET", "/das/{id}/features?segment=I:x,y", null),
        new Probe("GET", "/das/{id}/features?segment=I:1,100&format=json", null),
        new Probe("GET", "/das/{id}/features?feature_id=x", null, "Accept-Encoding", "gzip"),
        new Probe("GET", "/das/{id}/sequence?segment=I:1,10", null),
        new Probe("GET", "/das/{id}/stylesheet", null),
        new Probe("GET", "/das/{id}/nonsense", null),
        new Probe("GET", "/das/{id}/types", null, "If-None-Match", "*"),
        new Probe("HEAD", "/das/{id}/types", null),
        new Probe("POST", "/das/{id}/features", "segment=I:1,100", "Content-Type", form),
        new Probe("DELETE", "/das/{id}/types", null),
        new Probe("OPTIONS", "/das/{id}/types", null, "Origin", "https://example.org",
            "Access-Control-Request-Method", "GET"),
        new Probe("GET", "/das/{id}/types", null, "Origin", "https://example.org"),
        new Probe("GET", "/genotypes/{id}g/variants?segment=1:1,1000000", null),
        new Probe("GET", "/genotypes/{id}g/count?segment=1", null, "Accept", "application/x-ndjson"),
        new Probe("GET", "/genotypes/{id}g/samples?segment=nope", null),
        new Probe("GET", "/genotypes/{id}g/nonsense", null),
        new Probe("POST", "/genotypes/{id}g/variants", "segment=1:1,100", "Content-Type", form),
        new Probe("GET", "/genotypes/{id}/variants?segment=1:1,1000", null),
        new Probe("OPTIONS", "/genotypes/{id}g/variants", null, "Origin", "https://example.org",
            "Access-Control-Request-Method", "GET"),
        new Probe("GET", "/api/sources/{id}", null),
        new Probe("GET", "/api/sources/{id}g", null),
        new Probe("GET", "/api/sources/{id}/chrom.sizes", null),
        new Probe("GET", "/api/sources/{id}/search?q=abc", null),
        new Probe("GET", "/api/sources/{id}/nonsense", null),
        new Probe("POST", "/admin/reload/{id}", null),
        new Probe("GET", "/admin/reload/{id}", null, "Authorization", auth(TOKEN)));
  }

  /** Headers whose values change from one answer to the next whatever the source. */
  static final Set<String> VOLATILE = Set.of("date", "x-request-id", "x-ratelimit-remaining", "x-ratelimit-reset",
      "server-timing", "keep-alive", "connection");

  static Map<String, List<String>> stableHeaders(Http.Response r) {
    Map<String, List<String>> h = new TreeMap<>();
    r.headers().map().forEach((k, v) -> {
      String name = k.toLowerCase(Locale.ROOT);
      if (!VOLATILE.contains(name) && !name.startsWith(":")) {
        h.put(name, v);
      }
    });
    return h;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("sourceProbes")
  void aProtectedSourceAnswersExactlyLikeAnUnknownOneWithoutItsToken(Probe p) {
    for (String[] headers : new String[][] {{}, {"Authorization", auth("wrong-token")}}) {
      Http.Response unknown = p.send(NOSUCH, headers);
      Http.Response r = p.send(SECRET, headers);
      assertThat(r.status()).as("status").isEqualTo(unknown.status());
      assertThat(stableHeaders(r)).as("headers").isEqualTo(stableHeaders(unknown));
      assertThat(new String(r.decoded(), java.nio.charset.StandardCharsets.UTF_8).replace(SECRET, NOSUCH))
          .as("body").isEqualTo(new String(unknown.decoded(), java.nio.charset.StandardCharsets.UTF_8));
    }
  }

  @Test
  void noServerWideEndpointNamesAProtectedSourceWithoutItsToken() {
    String base = server.base();
    // requests for it, with and without the token, so there are metrics about it to leak
    assertThat(Http.get(server.das() + "/" + SECRET + "/types", "Authorization", auth(TOKEN)).status())
        .isEqualTo(200);
    assertThat(Http.get(base + "/genotypes/" + SECRET + "g/count?segment=1", "Authorization", auth(TOKEN)).status())
        .isEqualTo(200);
    assertThat(Http.get(server.das() + "/" + SECRET + "/types").status()).isEqualTo(401);
    assertThat(Http.get(base + "/api/sources/" + SECRET).status()).isEqualTo(404);

    for (String path : List.of("/", "/index.html", "/app.js", "/openapi.json", "/das", "/das/sources", "/das/dsn",
        "/api/sources", "/health/live", "/health/ready", "/metrics", "/nonsense")) {
      for (String[] headers : new String[][] {{}, {"Authorization", auth("wrong-token")}}) {
        Http.Response r = Http.get(base + path, headers);
        assertThat(r.status()).as(path).isIn(200, 404);
        assertThat(r.text()).as(path).doesNotContain(SECRET).doesNotContain(SECRET_TITLE);
        r.headers().map().forEach((k, v) -> assertThat(v.toString()).as(path + " " + k).doesNotContain(SECRET));
      }
    }
  }

  @Test
  void metricsCountUnauthorisedRequestsAsUnknownAndTheAdminTokenSeesEverything() {
    String base = server.base();
    String unknown401 = "dasgrid_requests_seconds_count{api=\"das\",command=\"types\",source=\"unknown\","
        + "status=\"401\"}";
    double before = sample(Http.get(base + "/metrics").text(), unknown401);
    assertThat(Http.get(server.das() + "/" + SECRET + "/types").status()).isEqualTo(401);
    assertThat(Http.get(server.das() + "/" + SECRET + "/types", "Authorization", auth("wrong-token")).status())
        .isEqualTo(401);
    assertThat(Http.get(server.das() + "/" + SECRET + "/types", "Authorization", auth(TOKEN)).status())
        .isEqualTo(200);
    String open = Http.get(base + "/metrics").text();
    assertThat(sample(open, unknown401) - before).isEqualTo(2);
    assertThat(open).contains("dasgrid_source_records{source=\"open\"}").doesNotContain(SECRET);

    for (String token : List.of(TOKEN, "wrong-token")) {
      assertThat(Http.get(base + "/metrics", "Authorization", auth(token)).text()).doesNotContain(SECRET);
    }
    String full = Http.get(base + "/metrics", "Authorization", auth(ADMIN)).text();
    assertThat(full).contains("dasgrid_source_records{source=\"" + SECRET + "\"}")
        .contains("dasgrid_requests_seconds_count{api=\"das\",command=\"types\",source=\"" + SECRET
            + "\",status=\"200\"}");
  }

  private static double sample(String scrape, String key) {
    return scrape.lines().filter(l -> l.startsWith(key + " ")).mapToDouble(l -> Double.parseDouble(
        l.substring(l.lastIndexOf(' ') + 1))).findFirst().orElse(0);
  }

  @Test
  void healthListsProtectedSourcesOnlyToTheirReadersAndAdmins() {
    String ready = server.base() + "/health/ready";
    Http.Response anonymous = Http.get(ready);
    assertThat(anonymous.status()).isEqualTo(200);
    assertThat(anonymous.text()).contains("\"status\":\"ready\"").contains("\"id\":\"open\"").doesNotContain(SECRET);
    assertThat(Http.get(ready, "Authorization", auth(TOKEN)).text()).contains("\"id\":\"" + SECRET + "\"");
    assertThat(Http.get(ready, "Authorization", auth(ADMIN)).text()).contains("\"id\":\"" + SECRET + "\"")
        .contains("\"id\":\"" + SECRET + "g\"");
  }

  @Test
  void corsIsOpenForPublicSourcesOnly() {
    assertThat(Http.get(server.das() + "/open/types").header("Access-Control-Allow-Origin")).isEqualTo("*");
    assertThat(Http.get(server.das() + "/" + SECRET + "/types", "Authorization", auth(TOKEN))
        .header("Access-Control-Allow-Origin")).isNull();
    assertThat(Http.get(server.base() + "/genotypes/" + SECRET + "g/count?segment=1", "Authorization", auth(TOKEN))
        .header("Access-Control-Allow-Origin")).isNull();
  }

  @Test
  void adminEndpointsAlwaysNeedAnAdminToken() {
    String admin = server.base() + "/admin/status";
    Http.Response none = Http.get(admin);
    assertThat(none.status()).isEqualTo(401);
    assertThat(none.header("WWW-Authenticate")).startsWith("Bearer");
    assertThat(Http.get(admin, "Authorization", auth(TOKEN)).status()).isEqualTo(403);
    Http.Response ok = Http.get(admin, "Authorization", auth(ADMIN));
    assertThat(ok.status()).isEqualTo(200);
    assertThat(ok.text()).contains("\"id\":\"" + SECRET + "\"").contains("\"access\":\"token\"");
  }
}
