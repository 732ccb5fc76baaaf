package org.dasgrid.webapp.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.dasgrid.core.access.TokenMint;
import org.dasgrid.webapp.ClusterHealth;
import org.dasgrid.webapp.EmbeddedServer;
import org.dasgrid.webapp.Http;
import org.dasgrid.webapp.ServerOptions;
import org.dasgrid.webapp.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Controlled access over a 2-node cluster (both nodes in this JVM, each its own Tomcat and gRPC sidecar, the same
 * config): a token is honoured by either node for contigs held by the other, and the tier is enforced by the node
 * asked, before it fans out — a refused request never reaches the other node (it is refused the same with that
 * node gone, and names no node it asked).
 */
class AccessClusterIT {
  static final ObjectMapper JSON = new ObjectMapper();
  static final String DATASET = "https://dac.test/datasets/CEU";
  @TempDir static Path dir;
  static Map<String, EmbeddedServer> nodes = new LinkedHashMap<>();
  static Map<String, String> bases = new LinkedHashMap<>();
  static String registered;
  static String granted;

  @BeforeAll
  static void start() throws Exception {
    TokenMint login = TokenMint.generate("https://login.test", "l1");
    TokenMint dac = TokenMint.generate("https://dac.test", "d1");
    Files.writeString(dir.resolve("login.jwks.json"), login.publicJwks());
    Files.writeString(dir.resolve("dac.jwks.json"), dac.publicJwks());
    Instant later = Instant.now().plus(Duration.ofHours(1));
    String researcher = dac.visa("r", "ResearcherStatus", "bona fide", "so", Instant.now().minusSeconds(60), later);
    registered = login.token("r", "dasgrid", later, List.of(researcher));
    granted = login.token("g", "dasgrid", later, List.of(
        dac.visa("g", "ResearcherStatus", "bona fide", "so", Instant.now().minusSeconds(60), later),
        dac.visa("g", "ControlledAccessGrants", DATASET, "dac", Instant.now().minusSeconds(60), later)));
    Files.copy(TestServer.example("ceu_exon.vcf.gz"), dir.resolve("ceu.vcf.gz"));
    int[] http = {NodeProcess.freePort(), NodeProcess.freePort()};
    int[] grpc = {NodeProcess.freePort(), NodeProcess.freePort()};
    Files.writeString(dir.resolve("cluster.yaml"), """
        server:
          rateLimit: {enabled: false}
          auth:
            issuers: [{issuer: "https://login.test", jwks: login.jwks.json, audience: dasgrid}]
            visaIssuers: [{issuer: "https://dac.test", jwks: dac.jwks.json}]
        sources:
          - {id: ceu, format: vcf, path: ceu.vcf.gz, genotypes: true, dataset: "%s",
             tiers: {aggregate: public, variants: registered, genotypes: controlled}}
        cluster:
          deadlineMs: 3000
          probeIntervalMs: 300
          nodes:
            - {id: n1, grpc: "127.0.0.1:%d", http: "http://127.0.0.1:%d"}
            - {id: n2, grpc: "127.0.0.1:%d", http: "http://127.0.0.1:%d"}
          shards:
            - {source: ceu, contigs: ["1","2","3","4","5","6","7","8","9","10","11"], node: n1}
            - {source: ceu, contigs: ["12","13","14","15","16","17","18","19","20","21","22"], node: n2}
        """.formatted(DATASET, grpc[0], http[0], grpc[1], http[1]));
    for (int i = 0; i < 2; i++) {
      String id = "n" + (i + 1);
      ServerOptions o = ServerOptions.parse("--config", dir.resolve("cluster.yaml").toString(), "--port",
          Integer.toString(http[i]), "--node-id", id, "--bind", "127.0.0.1", "--access-log", "off", "--no-warmup");
      EmbeddedServer s = EmbeddedServer.start(o, new PrintStream(new ByteArrayOutputStream(), true,
          StandardCharsets.UTF_8));
      nodes.put(id, s);
      bases.put(id, "http://127.0.0.1:" + http[i]);
    }
    for (EmbeddedServer s : nodes.values()) {
      assertThat(s.awaitLoaded(120, TimeUnit.SECONDS)).isTrue();
    }
    ClusterHealth.awaitAllUp(bases.values(), nodes.keySet(), 30);
  }

  @AfterAll
  static void stop() {
    nodes.values().forEach(EmbeddedServer::close);
  }

  static Http.Response get(String node, String pathAndQuery, String token) {
    return token == null ? Http.get(bases.get(node) + pathAndQuery)
        : Http.get(bases.get(node) + pathAndQuery, "Authorization", "Bearer " + token);
  }

  /** Variants on a contig of each node: 1 (n1) and 17 (n2). */
  static final String BOTH = "/genotypes/ceu/variants?segment=1:1105366,1200000&segment=17:1,81195210";

  @Test
  void aTokenIsHonouredByAnyNodeAndRefusalsComeBeforeTheFanOut() throws Exception {
    JsonNode fromN1 = JSON.readTree(get("n1", BOTH, registered).text());
    Http.Response n2 = get("n2", BOTH, registered);
    assertThat(n2.status()).isEqualTo(200);
    JsonNode fromN2 = JSON.readTree(n2.text());
    assertThat(fromN2.get("nodes").toString()).contains("n1"); // n2 asked n1 for chromosome 1
    assertThat(fromN1.get("variants")).isNotEmpty().isEqualTo(fromN2.get("variants"));
    assertThat(fromN1.get("variants").findValuesAsText("chrom")).contains("1", "17");
    // the genotypes tier: only the granted caller, on either node
    for (String node : bases.keySet()) {
      assertThat(get(node, "/genotypes/ceu/samples?segment=17:1,81195210", granted).status()).isEqualTo(200);
      Http.Response refused = get(node, "/genotypes/ceu/samples?segment=17:1,81195210", registered);
      assertThat(refused.status()).isEqualTo(403);
      assertThat(refused.header("X-DasGrid-Nodes")).isNull();
      Http.Response anon = get(node, BOTH, null);
      assertThat(anon.status()).isEqualTo(401);
      assertThat(anon.header("X-DasGrid-Nodes")).isNull();
    }
    // with n2 gone, n1 still refuses at once what it would have had to ask n2 for
    nodes.get("n2").close();
    ClusterHealth.await(bases.get("n1"), "n2", false, 30);
    Http.Response anon = get("n1", BOTH, null);
    assertThat(anon.status()).isEqualTo(401);
    assertThat(JSON.readTree(anon.text()).at("/error/missing").asText()).isEqualTo("bearer token");
    // while the allowed caller's request does go out, and finds n2 missing
    Http.Response allowed = get("n1", BOTH, registered);
    assertThat(allowed.status()).isNotIn(401, 403);
    assertThat(allowed.status() != 200 || allowed.text().contains("\"partial\":true")).as(allowed.text()).isTrue();
  }
}
