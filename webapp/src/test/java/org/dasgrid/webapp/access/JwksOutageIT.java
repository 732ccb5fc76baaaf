package org.dasgrid.webapp.access;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.dasgrid.core.access.TokenMint;
import org.dasgrid.webapp.Http;
import org.dasgrid.webapp.TestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The login issuer's JWKS served on loopback, then gone after start: tokens signed with the key fetched before
 * keep working, a token with a new {@code kid} is 401 saying the keys could not be fetched, and {@code
 * /health/ready} says so (and stays ready: public data still serve).
 */
class JwksOutageIT {
  static final ObjectMapper JSON = new ObjectMapper();
  @TempDir Path dir;

  @Test
  void cachedKeysServeNewKidsFailAndHealthSaysSo() throws Exception {
    TestIssuers issuers = new TestIssuers().write(dir);
    TokenMint rotated = TokenMint.generate(TestIssuers.LOGIN, "login-key-2");
    byte[] jwks = issuers.login.publicJwks().getBytes(StandardCharsets.UTF_8);
    HttpServer keys = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    keys.createContext("/jwks", ex -> {
      ex.getResponseHeaders().add("Content-Type", "application/json");
      ex.sendResponseHeaders(200, jwks.length);
      ex.getResponseBody().write(jwks);
      ex.close();
    });
    keys.start();
    String url = "http://127.0.0.1:" + keys.getAddress().getPort() + "/jwks";
    Files.copy(TestServer.example("ceu_exon.vcf.gz"), dir.resolve("ceu.vcf.gz"));
    Files.writeString(dir.resolve("dasgrid.yaml"), """
        server:
          rateLimit: {enabled: false}
        %s
        sources:
          - {id: ceu, format: vcf, path: ceu.vcf.gz, genotypes: true, dataset: "%s",
             tiers: {aggregate: public, variants: registered, genotypes: controlled}}
        """.formatted(TestIssuers.authYaml(url), TestIssuers.DATASET_A));
    TestServer server = TestServer.start(dir.resolve("dasgrid.yaml"), "off");
    try {
      String variants = server.base() + "/genotypes/ceu/variants?segment=1:1105366,1200000";
      assertThat(Http.get(variants, "Authorization", "Bearer " + issuers.registered()).status()).isEqualTo(200);
      JsonNode up = JSON.readTree(Http.get(server.base() + "/health/ready").text()).get("auth");
      assertThat(up.get("ok").asBoolean()).isTrue();
      keys.stop(0);
      // a token never seen before, signed with the key fetched before the outage
      assertThat(Http.get(variants, "Authorization", "Bearer " + issuers.registered()).status()).isEqualTo(200);
      String newKid = rotated.token("nina", TestIssuers.AUDIENCE, Instant.now().plus(Duration.ofMinutes(10)),
          List.of(issuers.researcherVisa("nina")));
      Http.Response refused = Http.get(variants, "Authorization", "Bearer " + newKid);
      assertThat(refused.status()).isEqualTo(401);
      assertThat(refused.header("WWW-Authenticate")).contains("invalid_token");
      assertThat(JSON.readTree(refused.text()).at("/error/message").asText())
          .contains("key 'login-key-2'", "could not be fetched again from " + url);
      Http.Response ready = Http.get(server.base() + "/health/ready");
      assertThat(ready.status()).isEqualTo(200);
      JsonNode down = JSON.readTree(ready.text()).get("auth");
      assertThat(down.get("ok").asBoolean()).isFalse();
      JsonNode login = down.get("issuers").get(0);
      assertThat(login.get("issuer").asText()).isEqualTo(TestIssuers.LOGIN);
      assertThat(login.get("ok").asBoolean()).isFalse();
      assertThat(login.get("message").asText()).contains("cannot be fetched");
      // public data still serve
      assertThat(Http.get(server.base() + "/genotypes/ceu/count?segment=1").status()).isEqualTo(200);
    } finally {
      server.close();
      keys.stop(0);
    }
  }
}
