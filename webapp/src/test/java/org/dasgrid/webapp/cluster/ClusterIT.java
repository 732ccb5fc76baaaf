package org.dasgrid.webapp.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.dasgrid.webapp.ClusterHealth;
import org.dasgrid.webapp.Http;
import org.dasgrid.webapp.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.NodeList;

/**
 * A 3-node cluster on loopback, each node its own JVM started from the built jar, over the bundled data
 * (FlyBase GFF3, WormBase GFF2 + FASTA, 1000 Genomes CEU genotypes) and a generated 120-sample cohort, split
 * by contig with some replicas; beside it a single node holding everything. Random DAS and genotype
 * queries sent to any node of the cluster get the single node's answer. Then the faults: a node killed
 * while clients keep asking (never a wrong answer, only the clear error naming the missing shards, and
 * complete answers again soon after it restarts), and a frozen node (the request ends at the deadline).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterIT {
  private static final int DEADLINE_MS = 1500;
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir static Path dir;
  private static TwinCluster cluster;
  private static Map<String, String> bases;
  private static String singleBase;
  private static List<String> queries;

  @BeforeAll
  static void start() throws Exception {
    Path examples = TestServer.root().resolve("webapp/src/main/resources/examples/data");
    for (String f : List.of("dmel-2L.gff3", "ce_ws199.gff", "ce_ws199.fa", "ceu_exon.vcf.gz")) {
      Files.copy(examples.resolve(f), dir.resolve(f));
    }
    CohortVcf.write(dir.resolve("gen.vcf"), 700, 11);
    // genes over the shards of ceu (1 on n1 and n3, 8 on n1 and n2, 17 on n3): gene= is answered by the node asked
    Files.writeString(dir.resolve("ceu.genes.gff3"), "##gff-version 3\n"
        + "chr1\tt\tgene\t1\t20000000\t.\t+\t.\tID=a;Name=ONE\nchr8\tt\tgene\t1\t150000000\t.\t+\t.\tID=b;Name=EIGHT\n"
        + "chr17\tt\tgene\t1\t90000000\t.\t+\t.\tID=c;Name=SEVENTEEN\n");
    String sources = """
        sources:
          - {id: dmel, format: gff3, path: dmel-2L.gff3}
          - {id: ce_ws199, format: gff2, path: ce_ws199.gff, sequence: ce_ws199.fa}
          - {id: ceu, format: vcf, path: ceu_exon.vcf.gz, genotypes: true, genes: ceu.genes.gff3}
          - {id: gen, format: vcf, path: gen.vcf, genotypes: true}
        server: {rateLimit: {enabled: false}}
        """;
    cluster = TwinCluster.start(dir, sources, sources, List.of("n1", "n2", "n3"), DEADLINE_MS, """
        - {source: dmel, node: n2}
        - {source: ce_ws199, contigs: [I, II, III], node: n1}
        - {source: ce_ws199, contigs: [IV, V, X, MtDNA], node: n3}
        - {source: ce_ws199, contigs: [I], node: n2}
        - {source: ceu, contigs: ["1","2","3","4","5","6","7"], node: n1}
        - {source: ceu, contigs: ["8","9","10","11","12","13","14","15"], node: n2}
        - {source: ceu, contigs: ["16","17","18","19","20","21","22"], node: n3}
        - {source: ceu, contigs: ["1","2","3"], node: n3}
        - {source: ceu, contigs: ["8"], node: n1}
        - {source: gen, contigs: [chr1, chr2], node: n1}
        - {source: gen, contigs: [chr3, chr4, chr2], node: n2}
        - {source: gen, contigs: [chr5, chr6, chrX], node: n3}
        - {source: gen, contigs: [chrX], node: n1}
        """);
    singleBase = cluster.singleBase();
    bases = cluster.bases();
    queries = randomQueries(new Random(5), 300);
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  // ---- random queries over every source and kind of question

  private static List<String> randomQueries(Random r, int n) throws Exception {
    Map<String, List<String[]>> refs = new LinkedHashMap<>();
    for (String source : List.of("dmel", "ce_ws199", "ceu", "gen")) {
      NodeList eps = Http.get(singleBase + "/das/" + source + "/entry_points").xml().getElementsByTagName("SEGMENT");
      List<String[]> list = new ArrayList<>();
      for (int i = 0; i < eps.getLength(); i++) {
        var e = (org.w3c.dom.Element) eps.item(i);
        list.add(new String[] {e.getAttribute("id"), e.getAttribute("stop")});
      }
      refs.put(source, list);
    }
    List<String> ceuSamples = samples("ceu");
    List<String> genSamples = samples("gen");
    List<String> ids = List.of("FBgn0031208", "CG11023", "FBtr0300689", "rs111751804", "nope");
    List<String> out = new ArrayList<>();
    out.add("/das/sources");
    for (String s : refs.keySet()) {
      out.add("/das/" + s + "/entry_points");
      out.add("/das/" + s + "/types");
      out.add("/das/" + s + "/stylesheet");
    }
    while (out.size() < n) {
      String source = List.of("dmel", "ce_ws199", "ceu", "gen").get(r.nextInt(4));
      List<String[]> eps = refs.get(source);
      int kind = r.nextInt(10);
      if (kind < 4) {
        StringBuilder q = new StringBuilder("/das/" + source + "/features?");
        for (int k = 0, m = 1 + r.nextInt(3); k < m; k++) {
          q.append(k > 0 ? ";" : "").append("segment=").append(segment(r, eps, source.equals("dmel") ? 300_000 : 0));
        }
        if (r.nextInt(4) == 0) {
          q.append(";type=").append(List.of("exon", "gene", "SNV", "mRNA", "CDS").get(r.nextInt(5)));
        }
        if (r.nextInt(5) == 0) {
          q.append(";format=json");
        }
        if (r.nextInt(8) == 0) {
          q.append(";segment=nowhere:1,100");
        }
        out.add(q.toString());
      } else if (kind == 4) {
        out.add("/das/" + source + "/types?segment=" + segment(r, eps, 0));
      } else if (kind == 5) {
        out.add("/das/" + source + "/features?feature_id=" + ids.get(r.nextInt(ids.size())));
      } else if (kind == 6 && source.equals("ce_ws199")) {
        // the bundled FASTA is shortened to 100 bases a chromosome
        String ref = List.of("I", "V", "X").get(r.nextInt(3));
        int from = 1 + r.nextInt(100);
        out.add("/das/ce_ws199/sequence?segment=" + ref + ":" + from + "," + (from + r.nextInt(101 - from)));
      } else if (source.equals("ceu") || source.equals("gen")) {
        List<String> cohort = source.equals("ceu") ? ceuSamples : genSamples;
        String endpoint = List.of("variants", "samples", "count").get(r.nextInt(3));
        StringBuilder q = new StringBuilder("/genotypes/" + source + "/" + endpoint + "?");
        for (int k = 0, m = 1 + r.nextInt(3); k < m; k++) {
          q.append(k > 0 ? "&" : "").append("segment=").append(segment(r, eps, 0));
        }
        q.append("&zygosity=").append(List.of("het", "hom", "any").get(r.nextInt(3)));
        if (r.nextInt(3) == 0) {
          List<String> pick = new ArrayList<>();
          for (int k = 0, m = 1 + r.nextInt(5); k < m; k++) {
            pick.add(cohort.get(r.nextInt(cohort.size())));
          }
          q.append("&samples=").append(String.join(",", pick));
        }
        if (!endpoint.equals("count") && r.nextBoolean()) {
          q.append("&limit=").append(r.nextInt(30));
        }
        out.add(q.toString());
      }
    }
    return out;
  }

  private static String segment(Random r, List<String[]> eps, int maxWidth) {
    String[] ep = eps.get(r.nextInt(eps.size()));
    int length = Integer.parseInt(ep[1]);
    if (r.nextInt(6) == 0 && maxWidth == 0) {
      return ep[0];
    }
    int width = maxWidth > 0 ? maxWidth : length;
    int start = 1 + r.nextInt(length);
    int stop = Math.min(length, start + r.nextInt(Math.max(1, Math.min(width, length))));
    return URLEncoder.encode(ep[0], StandardCharsets.UTF_8) + ":" + start + "," + stop;
  }

  private static List<String> samples(String source) throws Exception {
    JsonNode rows = JSON.readTree(Http.get(singleBase + "/genotypes/" + source
        + "/samples?segment=" + (source.equals("ceu") ? "1" : "chr1") + "&zygosity=any").text()).get("samples");
    List<String> out = new ArrayList<>();
    rows.forEach(s -> out.add(s.get("sample").asText()));
    return out;
  }

  // ---- comparing answers

  /** An answer as it must agree between the cluster and the single node. */
  record Answer(int status, String dasStatus, String body) {}

  static Answer answer(String base, String query) throws Exception {
    Http.Response r = Http.get(base + query);
    String body = r.text().replace(base, "BASE");
    if (query.equals("/das/sources")) {
      // when each node loaded its part, and how many records that part has, are each node's own
      body = body.replaceAll("created=\"[^\"]*\"", "created=\"\"")
          .replaceAll("<PROP name=\"records\" value=\"\\d+\"/>", "<PROP name=\"records\"/>");
    }
    if (query.startsWith("/genotypes/") && r.status() == 200) {
      ObjectNode json = (ObjectNode) JSON.readTree(body);
      for (String varying : List.of("elapsed_ms", "elapsed_db_ms", "nodes", "partial")) {
        json.remove(varying);
      }
      body = json.toString();
    }
    return new Answer(r.status(), r.header("X-DAS-Status"), body);
  }

  @Test
  @Order(1)
  void everyNodeAnswersRandomQueriesExactlyAsASingleNodeHoldingEverything() throws Exception {
    assertThat(queries).hasSizeGreaterThanOrEqualTo(300);
    int nonTrivial = 0;
    for (int i = 0; i < queries.size(); i++) {
      String q = queries.get(i);
      String node = List.of("n1", "n2", "n3").get(i % 3);
      Answer expected = answer(singleBase, q);
      assertThat(expected.status()).as("single node, %s: %s", q, expected.body()).isEqualTo(200);
      Answer got = answer(bases.get(node), q);
      assertThat(got).as("%s via %s", q, node).isEqualTo(expected);
      if (expected.body().contains("<FEATURE ") || expected.body().contains("\"variants\":[{")
          || expected.body().contains("\"samples\":[{")) {
        nonTrivial++;
      }
    }
    assertThat(nonTrivial).as("queries with features or rows in their answer").isGreaterThan(100);
  }

  /**
   * Paging a sharded source: every page through any node, followed by its {@code next} cursor, together equals
   * the single node's unpaged answer, and each page (cursor included) equals the single node's page.
   */
  @Test
  @Order(1)
  void pagingThroughTheClusterEqualsTheUnpagedAnswerOfASingleNode() throws Exception {
    for (String q : List.of("/genotypes/gen/variants?segment=chr1&segment=chr2&segment=chr5&zygosity=any",
        "/genotypes/ceu/variants?segment=1&segment=5&segment=20&zygosity=het",
        "/genotypes/gen/variants?segment=chr3:1,50000000&segment=chrX&zygosity=hom")) {
      JsonNode whole = JSON.readTree(answer(singleBase, q).body()).get("variants");
      for (int page : List.of(1, 7, 40)) {
        List<JsonNode> rows = new ArrayList<>();
        String cursor = null;
        int n = 0;
        do {
          String pq = q + "&limit=" + page + (cursor == null ? "" : "&cursor=" + cursor);
          Answer got = answer(bases.get(List.of("n1", "n2", "n3").get(n % 3)), pq);
          assertThat(got).as(pq).isEqualTo(answer(singleBase, pq));
          JsonNode body = JSON.readTree(got.body());
          body.get("variants").forEach(rows::add);
          cursor = body.has("next") ? body.get("next").asText() : null;
          n++;
        } while (cursor != null && n < 10_000);
        assertThat(JSON.valueToTree(rows).toString()).as("%s by %d", q, page).isEqualTo(whole.toString());
      }
      assertThat(whole.size()).as(q).isGreaterThan(40);
    }
  }

  @Test
  @Order(1)
  void geneQueriesThroughAnyNodeAnswerAsASingleNodeAndAsTheirSpans() throws Exception {
    for (String q : List.of("/genotypes/ceu/variants?gene=ONE,EIGHT,seventeen&zygosity=any",
        "/genotypes/ceu/count?gene=ONE,EIGHT,seventeen&zygosity=het",
        "/genotypes/ceu/variants?gene=EIGHT,ONE&zygosity=any&limit=5")) {
      Answer expected = answer(singleBase, q);
      assertThat(expected.status()).as(expected.body()).isEqualTo(200);
      for (String node : List.of("n1", "n2", "n3")) {
        assertThat(answer(bases.get(node), q)).as("%s via %s", q, node).isEqualTo(expected);
      }
      String spans = "segment=1:1,20000000&segment=8:1,150000000"
          + (q.contains("seventeen") ? "&segment=17:1,90000000" : "");
      String bySpan = q.replaceFirst("gene=[^&]*", spans);
      JsonNode g = JSON.readTree(expected.body());
      JsonNode s = JSON.readTree(answer(bases.get("n2"), bySpan).body());
      g.fields().forEachRemaining(f -> {
        if (!f.getKey().equals("genes") && !f.getKey().startsWith("elapsed") && !f.getKey().equals("nodes")) {
          assertThat(f.getValue()).as("%s: %s", q, f.getKey()).isEqualTo(s.get(f.getKey()));
        }
      });
      assertThat(g.get("genes")).isNotEmpty();
    }
  }

  @Test
  @Order(2)
  void genotypeAnswersSayWhichNodesAnsweredAndDasAnswersToo() throws Exception {
    JsonNode a = JSON.readTree(Http.get(bases.get("n2")
        + "/genotypes/ceu/variants?segment=1&segment=20&zygosity=het&limit=3").text());
    Map<String, String> byContig = new java.util.TreeMap<>();
    a.get("nodes").forEach(n -> n.get("contigs").forEach(c -> byContig.put(c.asText(), n.get("node").asText())));
    // 20 is only on n3; 1 is on n1 and n3 (a replica), and the contigs of one request stay together if they can
    assertThat(byContig).containsOnlyKeys("1", "20").containsEntry("20", "n3");
    assertThat(byContig.get("1")).isIn("n1", "n3");
    assertThat(a.get("partial").asBoolean()).isFalse();
    assertThat(a.get("elapsed_db_ms").asDouble()).isLessThanOrEqualTo(a.get("elapsed_ms").asDouble());
    Http.Response das = Http.get(bases.get("n1") + "/das/dmel/features?segment=2L:2501,2550");
    assertThat(das.header("X-DasGrid-Nodes")).isEqualTo("n2 (2L)");
  }

  @Test
  @Order(3)
  void aNodeKilledUnderLoadNeverCausesAWrongAnswerAndTheClusterRecoversWhenItReturns() throws Exception {
    Map<String, Answer> expected = new LinkedHashMap<>();
    List<String> pool = queries.subList(0, 120);
    for (String q : pool) {
      expected.put(q, answer(singleBase, q));
    }
    // ceu 1-3 and gen chr2 have replicas off n3: they must stay whole throughout
    List<String> replicated = List.of("/genotypes/ceu/count?segment=2&zygosity=any",
        "/genotypes/gen/variants?segment=chr2:1,200000&zygosity=het&limit=20");
    for (String q : replicated) {
      expected.put(q, answer(singleBase, q));
    }
    String n3Only = "/genotypes/ceu/count?segment=20&zygosity=any";
    expected.put(n3Only, answer(singleBase, n3Only));
    AtomicBoolean stop = new AtomicBoolean();
    List<String> wrong = java.util.Collections.synchronizedList(new ArrayList<>());
    int[] outcomes = new int[3]; // complete, clear error, replicated-complete
    Thread load = new Thread(() -> {
      Random r = new Random(9);
      for (int i = 0; i < 5_000 && !stop.get(); i++) {
        String q = i % 5 == 0 ? replicated.get(r.nextInt(2)) : i % 5 == 1 ? n3Only : pool.get(r.nextInt(pool.size()));
        String node = r.nextBoolean() ? "n1" : "n2";
        try {
          Answer got = answer(bases.get(node), q);
          if (got.equals(expected.get(q))) {
            synchronized (outcomes) {
              outcomes[replicated.contains(q) ? 2 : 0]++;
            }
          } else if (replicated.contains(q) || !isClearUnavailableError(q, got)) {
            wrong.add(q + " via " + node + " -> " + got);
          } else {
            synchronized (outcomes) {
              outcomes[1]++;
            }
          }
        } catch (Exception e) {
          wrong.add(q + " via " + node + " -> " + e);
        }
      }
    });
    load.start();
    Thread.sleep(2_000);
    cluster.node("n3").kill();
    Thread.sleep(4_000);
    // the operator's view: n1 reports n3 down, then up again once it is back
    assertThat(ClusterHealth.nodesUp(bases.get("n1"))).containsEntry("n3", false).containsEntry("n2", true)
        .containsEntry("n1", true);
    cluster.node("n3").start();
    cluster.node("n3").awaitReady(120);
    long back = System.nanoTime();
    // within a few seconds of its return, answers needing it are complete again
    Answer after = null;
    while (System.nanoTime() - back < TimeUnit.SECONDS.toNanos(10)) {
      after = answer(bases.get("n1"), n3Only);
      if (after.equals(expected.get(n3Only))) {
        break;
      }
      Thread.sleep(100);
    }
    stop.set(true);
    load.join(60_000);
    ClusterHealth.await(bases.get("n1"), "n3", true, 10);
    assertThat(wrong).as("wrong answers or unclear errors").isEmpty();
    assertThat(after).as("complete again after n3 returned").isEqualTo(expected.get(n3Only));
    assertThat(outcomes[1]).as("clear errors while n3 was down").isPositive();
    assertThat(outcomes[0]).as("complete answers").isPositive();
    assertThat(outcomes[2]).as("answers with replicas off n3, all complete").isPositive();
  }

  /** DAS 500 or HTTP 503 (JSON) saying part of the source is unavailable, naming the missing contigs. */
  static boolean isClearUnavailableError(String query, Answer a) {
    if (query.startsWith("/genotypes/")) {
      return a.status() == 503 && a.body().contains("is unavailable") && a.body().contains("partial=allow");
    }
    // DAS: status 500 in header and body, as XML or (format=json) as JSON
    return a.status() == 500 && "500".equals(a.dasStatus()) && a.body().contains("is unavailable")
        && (a.body().contains("<DASERROR status=\"500\"") || a.body().contains("\"status\":500"));
  }

  @Test
  @Order(4)
  void aFrozenNodeEndsTheRequestAtTheDeadlineWithTheClearErrorAndPartialAnswersAreFlagged() throws Exception {
    NodeProcess n3 = cluster.node("n3");
    String q = "/genotypes/ceu/variants?segment=20&segment=5&zygosity=het&limit=5";
    n3.freeze();
    try {
      long t = System.nanoTime();
      Answer a = answer(bases.get("n1"), q);
      long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t);
      assertThat(a.status()).as(a.body()).isEqualTo(503);
      assertThat(a.body()).contains("ceu:20").contains("deadline");
      assertThat(ms).as("ended at the deadline of %d ms", DEADLINE_MS).isBetween((long) DEADLINE_MS - 100, DEADLINE_MS + 3_000L);
      JsonNode partial = JSON.readTree(Http.get(bases.get("n1") + q + "&partial=allow").text());
      assertThat(partial.get("partial").asBoolean()).isTrue();
      assertThat(partial.get("missing").get(0).get("contig").asText()).isEqualTo("20");
      assertThat(partial.get("variants").size()).isPositive();
      partial.get("variants").forEach(v -> assertThat(v.get("chrom").asText()).isEqualTo("5"));
      Http.Response das = Http.get(bases.get("n2") + "/das/ce_ws199/features?segment=V:1,5000;partial=allow");
      assertThat(das.status()).isEqualTo(200);
      assertThat(das.header("X-DasGrid-Partial")).contains("V");
      assertThat(das.header("ETag")).isNull();
    } finally {
      n3.thaw();
    }
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    Answer ok;
    do {
      ok = answer(bases.get("n1"), q);
    } while (ok.status() != 200 && System.nanoTime() < until);
    assertThat(ok.status()).isEqualTo(200);
  }
}
