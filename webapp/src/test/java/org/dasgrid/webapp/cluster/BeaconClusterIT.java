package org.dasgrid.webapp.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.dasgrid.webapp.BeaconSchemaCheck;
import org.dasgrid.webapp.Http;
import org.dasgrid.webapp.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Beacon v2 over sources sharded across a 2-node cluster (each its own JVM from the built jar): both genotype
 * sources are datasets on every node, and random {@code /g_variants} queries — sequence, range, bracket, type,
 * whole-dataset; boolean, count and record, with paging; GET and POST; by id — sent to either node get the
 * answer a single node holding the same VCFs gives, byte for byte but for the server's own address, and
 * validate against the Beacon schemas. The generated cohort shows its samples ({@code beaconCaseLevelData}),
 * so its records' case-level data come from the node holding the contig too.
 */
class BeaconClusterIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final BeaconSchemaCheck CHECK = new BeaconSchemaCheck();
  @TempDir static Path dir;
  private static TwinCluster cluster;
  private static List<String> bases;
  private static String singleBase;

  @BeforeAll
  static void start() throws Exception {
    Files.copy(TestServer.example("ceu_exon.vcf.gz"), dir.resolve("ceu.vcf.gz"));
    CohortVcf.write(dir.resolve("gen.vcf"), 400, 23);
    String sources = """
        sources:
          - {id: gen, format: vcf, path: gen.vcf, genotypes: true, options: {beaconCaseLevelData: "true"}}
          - {id: ceu, format: vcf, path: ceu.vcf.gz, genotypes: true,
             coordinates: {authority: NCBI, version: "36", taxid: 9606, source: Chromosome}}
        server: {rateLimit: {enabled: false}}
        """;
    cluster = TwinCluster.start(dir, sources, sources, List.of("n1", "n2"), 5000, """
        - {source: gen, contigs: [chr1, chr2, chr3], node: n1}
        - {source: gen, contigs: [chr4, chr5, chr6, chrX], node: n2}
        - {source: ceu, contigs: ["1","2","3","4","5","6","7","8","9","10","11"], node: n1}
        - {source: ceu, contigs: ["12","13","14","15","16","17","18","19","20","21","22"], node: n2}
        """);
    singleBase = cluster.singleBase();
    bases = cluster.baseList();
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  /** An answer with its server's own address (in links) made neutral. */
  private static JsonNode comparable(String base, String body) throws Exception {
    return JSON.readTree(body.replace(base, "http://server"));
  }

  /** The Beacon variant ids ({@code chr:pos:ref:alt}) of a dataset's contig, from the single node. */
  private static List<String[]> variants(String dataset, String contig) throws Exception {
    JsonNode doc = JSON.readTree(Http.get(singleBase + "/beacon/v2/g_variants?datasetIds=" + dataset
        + "&referenceName=" + contig + "&requestedGranularity=record&limit=1000").text());
    List<String[]> out = new ArrayList<>();
    doc.at("/response/resultSets/0/results").forEach(v -> out.add(v.get("variantInternalId").asText().split(":")));
    return out;
  }

  private static List<String> randomQueries(Random r, int n) throws Exception {
    Map<String, List<String>> contigs = Map.of(
        "gen", CohortVcf.CONTIGS,
        "ceu", List.of("1", "2", "5", "11", "12", "17", "22"));
    Map<String, List<String[]>> known = new LinkedHashMap<>();
    for (var e : contigs.entrySet()) {
      for (String c : e.getValue()) {
        known.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).addAll(variants(e.getKey(), c));
      }
    }
    assertThat(known.get("gen")).hasSizeGreaterThan(1000);
    assertThat(known.get("ceu")).hasSizeGreaterThan(300);
    List<String> granularities = List.of("boolean", "count", "record");
    List<String> out = new ArrayList<>();
    out.add("/g_variants?requestedGranularity=count");
    out.add("/g_variants?requestedGranularity=record&limit=50&skip=10");
    for (int i = 0; i < n; i++) {
      String ds = r.nextBoolean() ? "gen" : "ceu";
      List<String[]> vs = known.get(ds);
      String[] v = vs.get(r.nextInt(vs.size()));
      int start0 = Integer.parseInt(v[1]) - 1;
      StringBuilder q = new StringBuilder("/g_variants?");
      switch (r.nextInt(6)) {
        case 0, 1 -> { // a sequence query for a known allele, or one next to it
          int at = start0 + (r.nextInt(4) == 0 ? r.nextInt(3) - 1 : 0);
          q.append("referenceName=").append(v[0]).append("&start=").append(at).append("&referenceBases=")
              .append(v[2]).append("&alternateBases=").append(r.nextInt(5) == 0 ? "N" : v[3]);
        }
        case 2 -> { // a range around a known variant
          int from = Math.max(0, start0 - r.nextInt(200_000));
          q.append("referenceName=").append(v[0]).append("&start=").append(from).append("&end=")
              .append(from + 1 + r.nextInt(400_000));
          if (r.nextInt(3) == 0) {
            q.append("&variantType=SNP");
          }
        }
        case 3 -> { // a bracket
          q.append("referenceName=").append(v[0]).append("&start=").append(Math.max(0, start0 - 5000)).append(',')
              .append(start0 + r.nextInt(5000)).append("&end=").append(start0).append(',')
              .append(start0 + 1 + r.nextInt(20_000));
        }
        case 4 -> q.append("referenceName=").append(v[0]); // a whole reference
        default -> { // one variant by id
          q = new StringBuilder("/g_variants/").append(String.join(":", v)).append('?');
        }
      }
      String granularity = granularities.get(r.nextInt(3));
      q.append(q.charAt(q.length() - 1) == '?' ? "" : "&").append("requestedGranularity=").append(granularity);
      if (granularity.equals("record")) {
        q.append("&skip=").append(r.nextInt(3) == 0 ? r.nextInt(30) : 0).append("&limit=").append(1 + r.nextInt(40));
      }
      if (r.nextInt(3) == 0) {
        q.append("&datasetIds=").append(ds);
      }
      if (r.nextInt(4) == 0) {
        q.append("&includeResultsetResponses=").append(List.of("HIT", "MISS", "ALL", "NONE").get(r.nextInt(4)));
      }
      if (r.nextInt(5) == 0) {
        q.append("&assemblyId=").append(r.nextBoolean() ? "GRCh38" : "NCBI36");
      }
      out.add(q.toString());
    }
    return out;
  }

  private static String schemaOf(JsonNode doc) {
    String g = doc.at("/meta/returnedGranularity").asText();
    return switch (g) {
      case "boolean" -> BeaconSchemaCheck.BOOLEAN;
      case "count" -> doc.has("response") ? BeaconSchemaCheck.RESULTSETS : BeaconSchemaCheck.COUNT;
      default -> BeaconSchemaCheck.RESULTSETS;
    };
  }

  @Test
  void everyNodeAnswersAsTheSingleNode() throws Exception {
    Random r = new Random(31);
    int hits = 0;
    int elsewhere = 0;
    int caseLevel = 0;
    for (String q : randomQueries(r, 160)) {
      Http.Response want = Http.get(singleBase + "/beacon/v2" + q);
      String base = bases.get(r.nextInt(bases.size()));
      Http.Response got = Http.get(base + "/beacon/v2" + q);
      assertThat(want.status()).as("%s: %s", q, want.text()).isEqualTo(200);
      assertThat(got.status()).as("%s: %s", q, got.text()).isEqualTo(200);
      JsonNode doc = comparable(base, got.text());
      assertThat(doc).as("%s from %s", q, base).isEqualTo(comparable(singleBase, want.text()));
      CHECK.assertValid(schemaOf(doc), doc);
      hits += doc.at("/responseSummary/exists").asBoolean() ? 1 : 0;
      // who answered: another node at least sometimes (the shards are split), never a header on the single node
      assertThat(want.header("X-DasGrid-Nodes")).isNull();
      String who = got.header("X-DasGrid-Nodes");
      String self = base.equals(bases.get(0)) ? "n1" : "n2";
      elsewhere += who != null && who.contains(self.equals("n1") ? "n2 (" : "n1 (") ? 1 : 0;
      for (JsonNode set : doc.path("response").path("resultSets")) {
        for (JsonNode rec : set.path("results")) {
          caseLevel += rec.has("caseLevelData") ? 1 : 0;
        }
      }
    }
    assertThat(hits).as("queries with a match").isGreaterThan(60);
    assertThat(elsewhere).as("answers another node took part in").isGreaterThan(20);
    assertThat(caseLevel).as("records naming their carriers").isGreaterThan(20);
  }

  @Test
  void theDatasetsAreListedAndPostAnswersAsGet() throws Exception {
    for (String base : bases) {
      JsonNode info = JSON.readTree(Http.get(base + "/beacon/v2/info").text());
      CHECK.assertValid("framework/json/responses/beaconInfoResponse.json", info);
      JsonNode want = JSON.readTree(Http.get(singleBase + "/beacon/v2/info").text());
      assertThat(info.at("/response/info/datasets")).isEqualTo(want.at("/response/info/datasets"));
      assertThat(info.at("/response/info/datasets")).extracting(d -> d.get("id").asText())
          .containsExactly("gen", "ceu");
      // a POST body spanning both datasets: the same answer as the single node's
      ObjectNode body = JSON.createObjectNode();
      body.putObject("meta").put("apiVersion", "v2.0.0");
      ObjectNode query = body.putObject("query");
      ObjectNode params = query.putObject("requestParameters");
      params.put("referenceName", "chr5");
      params.putArray("start").add(0);
      params.putArray("end").add(200_000);
      query.putObject("pagination").put("skip", 3).put("limit", 7);
      query.put("requestedGranularity", "record");
      query.put("includeResultsetResponses", "ALL");
      Http.Response got = Http.method("POST", base + "/beacon/v2/g_variants", body.toString(),
          "Content-Type", "application/json");
      Http.Response exp = Http.method("POST", singleBase + "/beacon/v2/g_variants", body.toString(),
          "Content-Type", "application/json");
      assertThat(got.status()).as(got.text()).isEqualTo(200);
      JsonNode doc = comparable(base, got.text());
      CHECK.assertValid(BeaconSchemaCheck.RESULTSETS, doc);
      assertThat(doc).isEqualTo(comparable(singleBase, exp.text()));
      assertThat(doc.at("/response/resultSets/0/results")).hasSize(7);
      assertThat(got.header("X-DasGrid-Nodes")).contains("n2 (chr5)");
    }
  }
}
