package org.dasgrid.webapp.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.dasgrid.core.source.LoadMonitor;
import org.dasgrid.datasources.vcf.VcfGenotypeIndexer;
import org.dasgrid.webapp.Http;
import org.dasgrid.webapp.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two nodes serving one genotype index file, each mapping only its shards' contigs (chromosomes 1-11 and
 * 12-22 of the CEU cohort, 1-3 on both), answer random genotype queries as one node that loaded the VCF into
 * its heap (but for the cluster's report of who answered).
 */
class IndexedClusterIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir static Path dir;
  private static TwinCluster cluster;
  private static List<String> bases;
  private static String singleBase;

  @BeforeAll
  static void start() throws Exception {
    Files.copy(TestServer.example("ceu_exon.vcf.gz"), dir.resolve("ceu.vcf.gz"));
    VcfGenotypeIndexer.build(dir.resolve("ceu.vcf.gz"), dir.resolve("ceu.dgi"), LoadMonitor.NONE);
    cluster = TwinCluster.start(dir, """
        sources:
          - {id: ceu, format: vcf, path: ceu.vcf.gz, genotypes: true}
        server: {rateLimit: {enabled: false}}
        """, """
        sources:
          - {id: ceu, format: vcf, path: ceu.vcf.gz, genotypes: true, genotypeIndex: ceu.dgi}
        server: {rateLimit: {enabled: false}}
        """, List.of("n1", "n2"), 3000, """
        - {source: ceu, contigs: ["1","2","3","4","5","6","7","8","9","10","11"], node: n1}
        - {source: ceu, contigs: ["12","13","14","15","16","17","18","19","20","21","22","1","2","3"], node: n2}
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

  /** The answer without who answered and the timings. */
  static JsonNode comparable(String body) throws Exception {
    JsonNode n = JSON.readTree(body);
    if (n instanceof ObjectNode o) {
      o.remove(List.of("nodes", "partial", "elapsed_db_ms", "elapsed_ms"));
    }
    return n;
  }

  @Test
  void eachNodeMapsOnlyItsShardsAndTheClusterAnswersAsOneHeapNode() throws Exception {
    assertThat(cluster.node("n1").output()).contains("loaded ceu: ").contains("this node's shard: ");
    List<String> samples = new ArrayList<>();
    JSON.readTree(Http.get(singleBase + "/genotypes/ceu/samples?segment=1&zygosity=any").text()).get("samples")
        .forEach(s -> samples.add(s.get("sample").asText()));
    Random r = new Random(9);
    int nonEmpty = 0;
    for (int q = 0; q < 120; q++) {
      StringBuilder query = new StringBuilder("/genotypes/ceu/")
          .append(List.of("variants", "samples", "count").get(r.nextInt(3))).append("?");
      for (int k = 0, m = 1 + r.nextInt(3); k < m; k++) {
        String contig = String.valueOf(1 + r.nextInt(22));
        int start = 1 + r.nextInt(150_000_000);
        query.append(k > 0 ? "&" : "").append("segment=").append(contig)
            .append(r.nextInt(4) == 0 ? "" : ":" + start + "," + (start + r.nextInt(50_000_000)));
      }
      query.append("&zygosity=").append(List.of("het", "hom", "any").get(r.nextInt(3)));
      if (r.nextInt(3) == 0) {
        query.append("&samples=").append(samples.get(r.nextInt(samples.size()))).append(',')
            .append(samples.get(r.nextInt(samples.size())));
      }
      String want = Http.get(singleBase + query).text();
      String got = Http.get(bases.get(r.nextInt(bases.size())) + query).text();
      assertThat(comparable(got)).as("%s", query).isEqualTo(comparable(want));
      nonEmpty += want.contains("\"het\":0,\"hom\":0") || want.startsWith("{\"variants\":[]") ? 0 : 1;
    }
    assertThat(nonEmpty).isGreaterThan(30);
  }
}
