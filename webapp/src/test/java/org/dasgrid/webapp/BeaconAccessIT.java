package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.dasgrid.core.access.Tokens;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A token-protected genotype source is invisible through Beacon without its token, exactly as through DAS: not
 * in {@code /info}, never a result set (even with {@code includeResultsetResponses=ALL}), never counted, and
 * asking for it by {@code datasetIds} answers as for a dataset that does not exist. With the token it is a
 * dataset like the others, and its records name its carriers (case-level data), which the public one's do not.
 */
class BeaconAccessIT {
  static final ObjectMapper JSON = new ObjectMapper();
  static final BeaconSchemaCheck CHECK = new BeaconSchemaCheck();
  static final String TOKEN = "beacon-reader-token";
  static final String SECRET = "vault7";
  static final String NOSUCH = "nosuch";
  /** rs111751804, 1:1105366 T>C, in both copies of the CEU file. */
  static final String ALLELE = "referenceName=1&start=1105365&referenceBases=T&alternateBases=C";
  @TempDir static Path dir;
  static TestServer server;
  static String beacon;

  @BeforeAll
  static void start() throws IOException {
    Files.copy(TestServer.example("ceu_exon.vcf.gz"), dir.resolve("open.vcf.gz"));
    Files.copy(TestServer.example("ceu_exon.vcf.gz"), dir.resolve("secret.vcf.gz"));
    Files.writeString(dir.resolve("dasgrid.yaml"), """
        sources:
          - {id: open, format: vcf, path: open.vcf.gz, genotypes: true}
          - {id: %s, title: Vault seven, format: vcf, path: secret.vcf.gz, genotypes: true, access: token,
             tokens: ["%s"]}
        """.formatted(SECRET, Tokens.hash(TOKEN)));
    server = TestServer.start(dir.resolve("dasgrid.yaml"));
    beacon = server.base() + "/beacon/v2";
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static Http.Response get(String pathAndQuery, String token) {
    return token == null ? Http.get(beacon + pathAndQuery)
        : Http.get(beacon + pathAndQuery, "Authorization", "Bearer " + token);
  }

  static JsonNode json(Http.Response r) throws IOException {
    return JSON.readTree(r.text());
  }

  static List<String> resultSets(JsonNode doc) {
    List<String> ids = new ArrayList<>();
    doc.at("/response/resultSets").forEach(s -> ids.add(s.get("id").asText()));
    return ids;
  }

  @Test
  void withoutTheTokenTheSourceIsNotThere() throws IOException {
    for (String token : new String[] {null, "wrong"}) {
      for (String path : List.of("/info", "/map", "/configuration", "/entry_types", "/filtering_terms")) {
        assertThat(get(path, token).text()).as(path).doesNotContain(SECRET).doesNotContain("Vault seven");
      }
      JsonNode all = json(get("/g_variants?" + ALLELE + "&requestedGranularity=record&includeResultsetResponses=ALL",
          token));
      CHECK.assertValid(BeaconSchemaCheck.RESULTSETS, all);
      assertThat(resultSets(all)).containsExactly("open");
      assertThat(all.at("/responseSummary/numTotalResults").asInt()).isEqualTo(1);
      JsonNode count = json(get("/g_variants?referenceName=1&requestedGranularity=count&includeResultsetResponses=ALL",
          token));
      assertThat(resultSets(count)).containsExactly("open");
      JsonNode byId = json(get("/g_variants/1:1105366:T:C?includeResultsetResponses=ALL", token));
      assertThat(resultSets(byId)).containsExactly("open");

      // named, it answers exactly as a dataset that does not exist
      Http.Response secret = get("/g_variants?datasetIds=" + SECRET + "&" + ALLELE, token);
      Http.Response unknown = get("/g_variants?datasetIds=" + NOSUCH + "&" + ALLELE, token);
      assertThat(secret.status()).isEqualTo(unknown.status()).isEqualTo(404);
      assertThat(secret.text().replace(SECRET, NOSUCH)).isEqualTo(unknown.text());
      CHECK.assertValid(BeaconSchemaCheck.ERROR, json(secret));
      Http.Response post = token == null
          ? Http.method("POST", beacon + "/g_variants", body(SECRET), "Content-Type", "application/json")
          : Http.method("POST", beacon + "/g_variants", body(SECRET), "Content-Type", "application/json",
              "Authorization", "Bearer " + token);
      assertThat(post.status()).isEqualTo(404);
      assertThat(post.text()).doesNotContain("Vault");
    }
  }

  static String body(String dataset) {
    return """
        {"meta": {"apiVersion": "v2.0.0"}, "query": {"requestParameters": {"referenceName": "1", "start": [1105365],
         "alternateBases": "C", "datasetIds": ["%s"]}, "requestedGranularity": "count"}}""".formatted(dataset);
  }

  @Test
  void withTheTokenItIsADatasetWithCaseLevelData() throws IOException {
    JsonNode info = json(get("/info", TOKEN));
    assertThat(info.at("/response/info/datasets").findValuesAsText("id")).containsExactly("open", SECRET);
    JsonNode rec = json(get("/g_variants?" + ALLELE + "&requestedGranularity=record", TOKEN));
    CHECK.assertValid(BeaconSchemaCheck.RESULTSETS, rec);
    assertThat(resultSets(rec)).containsExactly("open", SECRET);
    assertThat(rec.at("/responseSummary/numTotalResults").asInt()).isEqualTo(2);
    JsonNode open = rec.at("/response/resultSets/0/results/0");
    JsonNode secret = rec.at("/response/resultSets/1/results/0");
    assertThat(open.has("caseLevelData")).isFalse();
    int carriers = secret.at("/frequencyInPopulations/0/frequencies/0/carriers").asInt();
    assertThat(secret.get("caseLevelData")).hasSize(carriers).isNotEmpty();
    Http.Response post = Http.method("POST", beacon + "/g_variants", body(SECRET), "Content-Type",
        "application/json", "Authorization", "Bearer " + TOKEN);
    assertThat(post.status()).isEqualTo(200);
    assertThat(json(post).at("/responseSummary/numTotalResults").asInt()).isEqualTo(1);
  }
}
